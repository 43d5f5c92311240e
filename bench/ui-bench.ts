/**
 * npm run bench:ui — one-frame next card. Chromium (Playwright) signs in as the demo operator on
 * the real server (embedded database, demo users, a fresh build) and submits items with Enter,
 * measuring in the page, with performance marks, the time from the Enter key press to the next
 * card focused with its text or image visible: for text, its text region in the DOM; for an
 * image, `complete && naturalWidth > 0` and `decode()` done. Single mode keeps the SPEC's
 * click-to-load placeholder: the page clicks it in the same task as it sees the card focused,
 * as an operator's click with no reaction time (the figure is the console's own share).
 *
 * Two phases in one run, each of BENCH_UI_SUBMITS submits (200): with the held items' images
 * prefetched (the console's default), and with prefetch off (`?prefetch=off`) as the baseline.
 * The items are the demo feeder's texts and pictures, each picture at an address of its own so
 * the baseline cannot find it in the browser's cache. Prints p50/p95 per kind and phase. Target:
 * p95 ≤ 16 ms for text and prefetched images. Exits non-zero only when a run fails.
 */
import { chromium, type Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sampleItems } from '../server/features/demo/demo-feeder';
import type { IngestItem } from '../src/contract/content';
import { serviceTokenEndpoints } from '../src/contract/service-tokens';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';
import { ingestItems, signIn } from '../tests/support/protocol';
import { startBenchServer, stopBenchServer } from './support/bench-server';

const SUBMITS = Number(process.env.BENCH_UI_SUBMITS ?? 200);
const TARGET_P95_MS = 16;

interface Sample {
  kind: 'text' | 'image' | 'other' | 'timeout';
  ms: number;
  /** With a timeout: what had focus. */
  note?: string;
  /**
   * The submitted card was the last one held: the next card had to come from the server (up to
   * the console's 3 s request interval), which is the queue's pace, not the page's.
   */
  refill?: boolean;
}

/** The samples that measure the page: the next card was already held when Enter was pressed. */
function held(samples: Sample[], kind: Sample['kind']): number[] {
  return samples
    .filter((sample) => sample.kind === kind && !sample.refill)
    .map((sample) => sample.ms);
}

declare global {
  interface Window {
    __uiBench?: {
      arm: () => void;
      result: () => Promise<Sample>;
    };
  }
}

/** Installed in the page: measures one Enter → next card visible. */
function installProbe(): void {
  let pending: Promise<Sample> | null = null;
  window.__uiBench = {
    arm() {
      const from = document.activeElement?.closest('article[data-card-id]');
      const fromId = from?.getAttribute('data-card-id') ?? null;
      pending = new Promise<Sample>((resolve) => {
        let start = -1;
        let clicked = false;
        let done = false;
        const observer = new MutationObserver(() => check());
        const cleanup = () => {
          observer.disconnect();
          document.removeEventListener('focusin', check, true);
          document.removeEventListener('load', check, true);
        };
        const finish = (kind: Sample['kind']) => {
          done = true;
          cleanup();
          performance.mark('ui-bench:visible');
          const measure = performance.measure(
            'ui-bench:next-card',
            'ui-bench:enter',
            'ui-bench:visible',
          );
          resolve({ kind, ms: measure.duration });
        };
        setTimeout(() => {
          if (done) return;
          done = true;
          cleanup();
          const active = document.activeElement;
          resolve({
            kind: 'timeout',
            ms: 5000,
            note: `${active?.tagName ?? '-'} ${active?.getAttribute('data-card-id') ?? ''} from ${fromId ?? '-'} started ${start >= 0}`,
          });
        }, 5000);
        function check(): void {
          if (done || start < 0) return;
          const card = document.activeElement?.closest('article[data-card-id]');
          if (!card || card.getAttribute('data-card-id') === fromId) return;
          const placeholder = [...card.querySelectorAll('button')].find((button) =>
            /^Click to (load|show)/.test(button.textContent ?? ''),
          );
          if (placeholder) {
            if (!clicked) {
              clicked = true;
              placeholder.click();
            }
            return;
          }
          const text = card.querySelector('[role="region"][aria-label^="Text of item"]');
          if (text && (text.textContent ?? '').length > 0) return finish('text');
          const image = card.querySelector('img');
          if (image) {
            if (image.complete && image.naturalWidth > 0) {
              done = true;
              image
                .decode()
                .catch(() => undefined)
                .then(() => {
                  done = false;
                  finish('image');
                });
            }
            return;
          }
          if (card.querySelector('video, audio, a[href]')) finish('other');
        }
        document.addEventListener(
          'keydown',
          (event) => {
            if (event.key !== 'Enter') return;
            start = performance.now();
            performance.mark('ui-bench:enter');
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
            document.addEventListener('focusin', check, true);
            document.addEventListener('load', check, true);
            const poll = () => {
              if (done) return;
              check();
              requestAnimationFrame(poll);
            };
            requestAnimationFrame(poll);
          },
          { capture: true, once: true },
        );
      });
    },
    result() {
      if (!pending) throw new Error('not armed');
      return pending;
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The bench's items: demo texts and pictures, every picture at its own address. */
function benchItems(count: number, phase: string, baseUrl: string): IngestItem[] {
  return sampleItems(count * 2, 0, baseUrl)
    .filter((item) => item.message_type === 'text' || item.message_type === 'image')
    .slice(0, count)
    .map((item, n) =>
      item.message_type === 'image'
        ? { ...item, content: `${item.content}?bench=${phase}-${n}` }
        : { ...item, content: `${item.content} (${phase} ${n})` },
    );
}

async function runPhase(page: Page, prefetch: boolean): Promise<Sample[]> {
  // Signed in, the operator lands parked on /park; the flag is read as moderation starts.
  await page.waitForURL(/\/park$/);
  await page.evaluate((off) => {
    if (off) localStorage.setItem('moderation.prefetch', 'off');
    else localStorage.removeItem('moderation.prefetch');
  }, !prefetch);
  const resume = page.getByRole('button', { name: 'Resume Moderation' });
  await resume.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some(
      (button) => button.textContent?.includes('Resume Moderation') && !button.disabled,
    ),
  );
  await resume.click();
  await page.waitForURL(/\/moderation$/);
  await page.locator('article[data-card-id]').first().waitFor({ timeout: 30_000 });
  // tsx keeps function names with a helper the page lacks: give the page a stand-in.
  await page.evaluate('globalThis.__name = (target) => target');
  await page.evaluate(installProbe);
  // Focus the first card, as the operator's first click does; later cards get it from Enter.
  await page.locator('article[data-card-id]').first().focus();
  // Let the prefetch of the held cards finish, as it does while the operator reads a card.
  await page.waitForTimeout(1500);
  const samples: Sample[] = [];
  for (let n = 0; n < SUBMITS; n += 1) {
    // A submit that lost the focus (counted as a timeout) leaves it to the operator's click.
    if ((await page.locator('article[data-card-id]:focus').count()) === 0) {
      await page.locator('article[data-card-id]').first().focus();
    }
    const cardsBefore = await page.locator('article[data-card-id]').count();
    await page.evaluate(() => window.__uiBench?.arm());
    await page.keyboard.press('Enter');
    const sample = await page.evaluate(() => {
      const bench = window.__uiBench;
      if (!bench) throw new Error('probe missing');
      return bench.result();
    });
    samples.push({ ...sample, refill: cardsBefore <= 1 });
    const last = samples.at(-1);
    if (last?.kind === 'timeout') console.log(`  submit ${n}: no next card in 5 s (${last.note})`);
    if ((n + 1) % 50 === 0) console.log(`  ${n + 1} submits`);
    // An operator reads a card for a few seconds; the bench gives the background a moment.
    await page.waitForTimeout(120);
  }
  return samples;
}

function summary(label: string, samples: Sample[]): string[] {
  const lost = samples.filter((sample) => sample.kind === 'timeout').length;
  const lines: string[] = lost ? [`${label}: ${lost} submits left no card focused in 5 s`] : [];
  const refills = samples
    .filter((sample) => sample.refill && sample.kind !== 'timeout')
    .map((sample) => sample.ms);
  if (refills.length > 0) {
    lines.push(
      `${label}: ${refills.length} submits emptied the list and waited for the server's next items (p50 ${percentile(refills, 50).toFixed(0)} ms), counted apart`,
    );
  }
  for (const kind of ['text', 'image'] as const) {
    const values = held(samples, kind);
    const p95 = percentile(values, 95);
    lines.push(
      `${label.padEnd(14)} ${kind.padEnd(6)} n=${String(values.length).padStart(3)}  p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms${p95 <= TARGET_P95_MS ? '' : `  (target ${TARGET_P95_MS} ms)`}`,
    );
  }
  return lines;
}

/** A fresh build of the console in a directory of its own. */
function buildClient(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mc-ui-bench-dist-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return outDir;
}

/** A new API token of the Demo Chat service (it takes items without tags), through the admin. */
async function demoChatToken(baseUrl: string): Promise<string> {
  const admin = await signIn(baseUrl, 'admin', process.env.DEMO_PASSWORD ?? 'demo');
  const services = await admin.callOk(serviceTokenEndpoints.serviceOptions, {});
  const chat = services.find((service) => service.name === 'Demo Chat');
  if (!chat) throw new Error('no Demo Chat service');
  const created = await admin.callOk(serviceTokenEndpoints.create, {
    body: { service_id: chat.id },
  });
  const token = created.data.raw_token;
  if (!token) throw new Error('the admin got no raw token');
  return token;
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: install Debian chromium or set CHROMIUM_PATH');
  console.log('building the console…');
  const staticDir = buildClient();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-ui-bench-'));
  const server = await startBenchServer(dataDir, {
    SEED_DEMO: '1',
    DEMO_FEEDER: '0',
    STATIC_DIR: staticDir,
    // Demo passwords hashed at the test cost: the server starts sooner on a busy machine.
    PASSWORD_HASH_LOG_N: '12',
  });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const token = await demoChatToken(server.baseUrl);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Username').fill('operator');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    const results: Record<string, Sample[]> = {};
    // The baseline first: the items it leaves held were never shown, so never cached.
    for (const [label, prefetch] of [
      ['prefetch off', false],
      ['prefetch on', true],
    ] as const) {
      // Enough for the submits and the cards held at the end.
      await ingestItems(
        server.baseUrl,
        token,
        benchItems(SUBMITS + 20, label.replace(' ', '-'), server.baseUrl),
      );
      console.log(`${label}:`);
      results[label] = await runPhase(page, prefetch);
      // Park: the held items go back to the queue, and the next phase starts from /park.
      await page.getByRole('button', { name: 'Park', exact: true }).click();
    }
    console.log(
      `\nEnter → next card focused and visible, ${SUBMITS} submits per phase (operator, single mode):`,
    );
    for (const [label, samples] of Object.entries(results)) {
      for (const line of summary(label, samples)) console.log(`  ${line}`);
    }
    const on = results['prefetch on'] ?? [];
    const off = results['prefetch off'] ?? [];
    const p95 = (samples: Sample[], kind: Sample['kind']) => percentile(held(samples, kind), 95);
    console.log(
      `  image p95 ratio, prefetch on / off: ${(p95(on, 'image') / p95(off, 'image')).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await stopBenchServer(server.child);
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
