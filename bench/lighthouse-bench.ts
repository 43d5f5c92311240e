/**
 * npm run bench:lighthouse — Lighthouse on the sign-in page and on /moderation signed in as the
 * demo operator, against the real server (embedded database, demo users) serving a fresh build.
 *
 * Targets: performance ≥ 95, accessibility 100, best practices ≥ 95. Prints each page's scores,
 * its metrics and every audit that failed, beside a baseline measured in the same run: a trivial
 * static page served from this process, whose performance score shows what the machine's load
 * alone costs (Lighthouse's performance score drops on a busy machine). Exits non-zero only when
 * a run fails, never on a score.
 *
 * Desktop preset by default (the console is a desktop tool: operators moderate all day at a
 * desk); LIGHTHOUSE_PRESET=mobile runs Lighthouse's mobile defaults (slow 4G, 4x CPU slowdown).
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from '../tests/e2e/support/chromium';
import { signIn } from '../tests/support/protocol';
import { startBenchServer, stopBenchServer } from './support/bench-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? SYSTEM_CHROMIUM;
const PRESET = process.env.LIGHTHOUSE_PRESET === 'mobile' ? 'mobile' : 'desktop';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
};
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

interface PageRun {
  name: string;
  url: string;
  cookie?: string;
}

interface PageResult {
  name: string;
  /** Where the page ended up: a lost session would show /login here. */
  finalUrl: string;
  scores: Record<Category, number>;
  metrics: string[];
  failedAudits: string[];
}

/** A fresh build of the console in a directory of its own, as the server under test serves it. */
function buildClient(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mc-lighthouse-dist-'));
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return outDir;
}

/** Chromium with a DevTools port for Lighthouse; answers the port. */
async function launchChromium(
  profileDir: string,
): Promise<{ chromium: ChildProcess; port: number }> {
  const chromium = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  process.once('exit', () => chromium.kill('SIGKILL'));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    chromium.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chromium.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return { chromium, port };
}

/** The baseline: a page with nothing to load, served from this process. */
function startBaselineServer(): Promise<{ server: Server; url: string }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="Baseline page"><title>Baseline</title></head>' +
    '<body><main><h1>Baseline</h1><p>Nothing to load.</p></main></body></html>';
  const server = createServer((request, response) => {
    // An icon of its own, or the browser's request for /favicon.ico logs a 404 as an error.
    if (request.url === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    });
  });
}

function formatMetric(audit: { title: string; displayValue?: string } | undefined): string {
  return audit ? `${audit.title} ${audit.displayValue ?? '?'}` : '';
}

/** The first few rows of a failed audit's table (which request, which console message). */
function auditItems(details: unknown): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return (items as Record<string, unknown>[]).slice(0, 5).map((item) => {
    const text = [item.url, item.description, item.source, item.label]
      .filter((value) => typeof value === 'string' && value !== '')
      .join(' ');
    return text.length > 160 ? `${text.slice(0, 157)}...` : text;
  });
}

/**
 * One Lighthouse run in a browser context of its own: no cache, service worker or storage from
 * another run, and the signed-in page's session cookie set in it before the first request.
 */
async function runLighthouse(browser: Browser, page: PageRun): Promise<PageResult> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    if (page.cookie) {
      const { hostname } = new URL(page.url);
      await context.setCookie(
        ...page.cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), domain: hostname, path: '/', httpOnly: true };
        }),
      );
    }
    return await auditPage(tab, page);
  } finally {
    await context.close();
  }
}

async function auditPage(tab: Page, page: PageRun): Promise<PageResult> {
  const result = await lighthouse(
    page.url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The context is new (nothing to reset), and a reset would drop the session cookie.
      disableStorageReset: true,
    },
    PRESET === 'desktop' ? desktopConfig : undefined,
    tab,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${page.url}: ${lhr.runtimeError.message}`);
  }
  const scores = {} as Record<Category, number>;
  const failedAudits: string[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    for (const ref of entry?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      const detail = audit.displayValue ? `: ${audit.displayValue}` : '';
      failedAudits.push(`${category} · ${audit.id} (${audit.title})${detail}`);
      for (const item of auditItems(audit.details)) failedAudits.push(`    ${item}`);
    }
  }
  const metrics = METRICS.map((id) => formatMetric(lhr.audits[id])).filter(Boolean);
  return { name: page.name, finalUrl: lhr.finalDisplayedUrl, scores, metrics, failedAudits };
}

function printResult(result: PageResult): void {
  const scores = CATEGORIES.map((category) => {
    const met = result.scores[category] >= TARGETS[category];
    return `${category} ${result.scores[category]} (target ${TARGETS[category]}${met ? '' : ', MISSED'})`;
  }).join(', ');
  console.log(`\n${result.name} (${result.finalUrl}): ${scores}`);
  console.log(`  ${result.metrics.join('; ')}`);
  if (result.failedAudits.length === 0) console.log('  no failing audits');
  for (const audit of result.failedAudits) console.log(`  failing: ${audit}`);
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  console.log(`Lighthouse, ${PRESET} preset, ${CHROMIUM}`);
  const started = Date.now();
  const staticDir = buildClient();
  console.log(`Console built in ${Date.now() - started} ms`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-lighthouse-'));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'mc-lighthouse-chromium-'));
  const server = await startBenchServer(dataDir, { SEED_DEMO: '1', STATIC_DIR: staticDir });
  const baseline = await startBaselineServer();
  const { chromium, port } = await launchChromium(profileDir);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const operator = await signIn(server.baseUrl, 'operator', process.env.DEMO_PASSWORD ?? 'demo');
    const pages: PageRun[] = [
      { name: 'baseline (empty static page)', url: baseline.url },
      { name: '/login', url: `${server.baseUrl}/login` },
      {
        name: '/moderation (operator)',
        url: `${server.baseUrl}/moderation`,
        cookie: operator.cookieHeader(),
      },
    ];
    for (const page of pages) printResult(await runLighthouse(browser, page));
  } finally {
    await browser.disconnect();
    chromium.kill('SIGTERM');
    baseline.server.close();
    await stopBenchServer(server.child);
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  console.log(
    `\nLoad average (1 min) ${loadBefore[0]?.toFixed(2)} before, ${loadAfter[0]?.toFixed(2)} after, ` +
      `on ${os.cpus().length} cores.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
