/**
 * The offline guarantees of the console (SPEC §2 Maintenance, §8). Every moderated
 * result goes through the IndexedDB outbox; whatever happens to the network or the server, each
 * submission reaches the server exactly once, and the browser shows the maintenance page rather
 * than an error page while the console cannot answer.
 *
 * How the tests make the connection fail, and why:
 * - Losing the online-users socket clears the operator's cards and parks them (SPEC §8 'Socket
 *   lost'), and socket.io drops the socket on the browser's `offline` event at once. So an
 *   operator never submits from a page that already knows it is offline: the results that wait
 *   are the ones submitted as the connection went. The tests reproduce exactly that moment: the
 *   submit requests are held in the browser (context.route) while the operator submits, then the
 *   device goes offline or the server stops, and only then do the held requests fail, the way
 *   they would have on the wire (offline: ERR_INTERNET_DISCONNECTED; server stopped: the real
 *   refused connection, because they are let through to the stopped server).
 * - Offline is Playwright's context.setOffline, which in this Playwright version also applies to
 *   the service worker's own fetches; the offline page loads below check that the answer really
 *   came from the service worker's precache (response.fromServiceWorker()).
 * - "Exactly once" is checked three ways: the server's moderated count (GET
 *   /api/statistics/moderated/{id}, items decided by the operator), the per-item answers the
 *   browser got (each idempotency key answered 'stored' once, never a second key for one item),
 *   and, with the server stopped at the end, the moderation_results table itself (one row per
 *   submitted item, carrying the key the browser made).
 *
 * Every test runs on a server of its own (stopping, restarting and maintenance would disturb the
 * other specs); restarts reuse its data directory and port, so the page, its session cookie and
 * its CSRF cookie stay valid.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { authEndpoints } from '../../src/contract/auth';
import {
  MODERATION_TEXTS,
  moderationEndpoints,
  statisticsEndpoints,
} from '../../src/contract/content';
import { SIGN_OUT_TEXTS } from '../../src/features/auth/sign-out-texts';
import { PWA_TEXTS } from '../../src/features/pwa/pwa-texts';
import {
  test as base,
  copyBuiltConsole,
  expect,
  pageClient,
  signIn,
  startExtraServer,
  type ServerHandle,
} from './support/fixtures';
import { ingestItems, textItem } from '../support/protocol';

const SUBMIT_PATH = moderationEndpoints.submitContents.path;

const MAINTENANCE = {
  heading: "We'll Be Right Back!",
  waiting: (count: number) =>
    count === 1
      ? '1 submission is waiting safely on this device. It will be sent when the console is back.'
      : `${count} submissions are waiting safely on this device. They will be sent when the console is back.`,
};

/**
 * This test's server across restarts: the first start owns the data directory; `start` and
 * `stop` bring a server up and down on the same directory and port.
 */
interface OwnServer {
  baseURL: string;
  dataDir: string;
  /** The built console it serves: a copy of its own, so a test may deploy a new version. */
  staticDir: string;
  /** The Demo Chat ingest token the first start printed (shown once). */
  chatToken: string;
  stop(): Promise<void>;
  /** SIGKILL: the server dies without closing anything, as in a crash. */
  crash(): Promise<void>;
  start(env?: Record<string, string>): Promise<void>;
}

const test = base.extend<{ own: OwnServer }>({
  own: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from it.
    async ({}, use) => {
      const staticDir = copyBuiltConsole();
      const first = await startExtraServer({ staticDir });
      let running: ServerHandle | null = first;
      const chatToken = /^\s*demo-chat: (\S+)$/m.exec(first.readLog())?.[1];
      if (!chatToken) throw new Error(`No Demo Chat token in the server log:\n${first.readLog()}`);
      const own: OwnServer = {
        baseURL: first.baseURL,
        dataDir: first.dataDir,
        staticDir,
        chatToken,
        async stop() {
          await running?.stop();
          running = null;
        },
        async crash() {
          await running?.crash();
          running = null;
        },
        async start(env = {}) {
          if (running) throw new Error('The server is already running');
          running = await startExtraServer({
            env,
            dataDir: first.dataDir,
            port: first.port,
            staticDir,
          });
        },
      };
      try {
        await use(own);
      } finally {
        await running?.stop();
        await first.dispose();
        rmSync(staticDir, { recursive: true, force: true });
      }
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ own }, use) => {
    await use(own.baseURL);
  },
});

/** A client service sends `count` Demo Chat text items (they may be submitted untagged). */
function ingest(own: OwnServer, count: number, label: string): Promise<number[]> {
  return ingestItems(
    own.baseURL,
    own.chatToken,
    Array.from({ length: count }, (_, n) =>
      textItem(n, {
        subscriber_id: 'offline-e2e',
        user_id: `user-${n + 1}`,
        username: `user ${n + 1}`,
        content: `${label} item ${n + 1}`,
      }),
    ),
  );
}

function cards(page: Page) {
  return page.locator('article[data-card-id]');
}

async function cardIds(page: Page): Promise<number[]> {
  const ids = await cards(page).evaluateAll((articles) =>
    articles.map((article) => Number(article.getAttribute('data-card-id'))),
  );
  return ids.sort((a, b) => a - b);
}

/** Waits until the service worker is activated and controls this page (clientsClaim). */
async function expectControlled(page: Page): Promise<void> {
  const script = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
  );
  expect(new URL(script).pathname).toBe('/sw.js');
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null),
    )
    .toBe('activated');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated');
}

/** Signs the operator in, resumes moderation and waits for exactly these items on screen. */
async function moderate(page: Page, ids: number[]): Promise<number> {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/park$/);
  await expectControlled(page);
  const me = await (await pageClient(page)).callOk(authEndpoints.currentUser, {});
  await page.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
  await expect(page).toHaveURL(/\/moderation$/);
  await expect(cards(page)).toHaveCount(ids.length, { timeout: 30_000 });
  expect(await cardIds(page)).toEqual([...ids].sort((a, b) => a - b));
  return me.data.id;
}

/**
 * Holds every submit request in the browser until `release`: the operator's submissions are
 * then on their way, not yet on the server.
 */
class SubmitGate {
  private readonly held: Route[] = [];
  private holding = true;
  private constructor(private readonly context: BrowserContext) {}

  static async install(context: BrowserContext): Promise<SubmitGate> {
    const gate = new SubmitGate(context);
    await context.route(`**${SUBMIT_PATH}`, (route) => gate.handle(route));
    return gate;
  }

  private async handle(route: Route): Promise<void> {
    if (this.holding) {
      this.held.push(route);
      return;
    }
    await route.fallback();
  }

  heldCount(): number {
    return this.held.length;
  }

  /** Lets the held requests fail: as on a dead link (`abort`) or at the stopped server. */
  async release(how: 'abort' | 'continue'): Promise<void> {
    this.holding = false;
    for (const route of this.held.splice(0)) {
      if (how === 'abort') await route.abort('internetdisconnected');
      else await route.continue();
    }
    await this.context.unroute(`**${SUBMIT_PATH}`);
  }
}

interface Submission {
  contentId: number;
  key: string;
}

/** Every result the browser sent and every per-item answer it got. */
function watchSubmissions(context: BrowserContext) {
  const sent: Submission[] = [];
  const answers: { key: string; status: string }[] = [];
  const statuses: number[] = [];
  context.on('request', (request) => {
    if (!isSubmit(request)) return;
    const body = request.postDataJSON() as { content_id: number; idempotency_key: string }[];
    for (const item of body) sent.push({ contentId: item.content_id, key: item.idempotency_key });
  });
  context.on('response', async (response) => {
    if (!isSubmit(response.request())) return;
    statuses.push(response.status());
    if (!response.ok()) return;
    const body = (await response.json()) as {
      data: { idempotency_key: string; status: string }[];
    };
    for (const item of body.data) answers.push({ key: item.idempotency_key, status: item.status });
  });
  return { sent, answers, statuses };
}

function isSubmit(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === SUBMIT_PATH;
}

/** Clicks Submit on each card; each leaves the screen at once, whatever the network does. */
async function submitAll(page: Page, ids: number[]): Promise<void> {
  for (const id of ids) {
    await page.getByRole('button', { name: `Submit item ${id}` }).click();
    await expect(page.locator(`article[data-card-id="${id}"]`)).toHaveCount(0);
  }
  await expect(cards(page)).toHaveCount(0);
}

/** Items the server counts as decided by the user (all time). */
async function moderatedCount(page: Page, userId: number): Promise<number> {
  const client = await pageClient(page);
  const answer = await client.callOk(statisticsEndpoints.moderatedCount, {
    params: { id: userId },
    query: { start_date: '2000-01-01 00:00:00', end_date: '2100-01-01 00:00:00' },
  });
  return answer.data.moderated;
}

/**
 * What the browser saw: one idempotency key per item (a retry reuses it), every key
 * acknowledged, and 'stored' at most once per key (a replay of a stored key is 'duplicate').
 * Answers are read from the responses asynchronously: waits until every key has one.
 */
async function expectOneKeyPerItem(
  watched: ReturnType<typeof watchSubmissions>,
  ids: number[],
): Promise<Map<number, string>> {
  const keys = new Map<number, Set<string>>();
  for (const { contentId, key } of watched.sent) {
    keys.set(contentId, (keys.get(contentId) ?? new Set()).add(key));
  }
  expect([...keys.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  const keyOf = new Map<number, string>();
  for (const [contentId, set] of keys) {
    expect(set.size, `idempotency keys sent for item ${contentId}`).toBe(1);
    keyOf.set(contentId, [...set][0] as string);
  }
  const answersOf = (key: string) =>
    watched.answers.filter((answer) => answer.key === key).map((answer) => answer.status);
  await expect
    .poll(() => [...keyOf.values()].every((key) => answersOf(key).length > 0), {
      message: 'an answer for every submitted item',
    })
    .toBe(true);
  for (const [contentId, key] of keyOf) {
    const answers = answersOf(key);
    expect(
      answers.filter((status) => status === 'stored'),
      `item ${contentId}`,
    ).toEqual(['stored']);
    expect(answers.every((status) => status === 'stored' || status === 'duplicate')).toBe(true);
  }
  return keyOf;
}

/** With the server stopped: one moderation_results row per item, with the browser's key. */
async function expectStoredOnce(
  dataDir: string,
  userId: number,
  keyOf: Map<number, string>,
): Promise<void> {
  // server/db/open-database.ts keeps the embedded database in DATA_DIR/pglite.
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const ids = [...keyOf.keys()];
    const results = await db.query<{
      content_id: number;
      user_id: number;
      idempotency_key: string;
      outcome: string;
    }>(
      `select content_id::int as content_id, user_id, idempotency_key, outcome
         from moderation_results where content_id = any($1::bigint[]) order by content_id`,
      [ids],
    );
    expect(results.rows).toEqual(
      [...keyOf.entries()]
        .sort(([a], [b]) => a - b)
        .map(([contentId, key]) => ({
          content_id: contentId,
          user_id: userId,
          idempotency_key: key,
          outcome: 'stored',
        })),
    );
    const decided = await db.query<{ count: number }>(
      `select count(*)::int as count from contents
        where id = any($1::bigint[]) and status = 'decided' and decided_by = $2`,
      [ids, userId],
    );
    expect(decided.rows[0]?.count).toBe(ids.length);
  } finally {
    await db.close();
  }
}

async function expectMaintenancePage(page: Page, waiting: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MAINTENANCE.heading);
  await expect(page.getByRole('status')).toHaveText(MAINTENANCE.waiting(waiting));
}

// Server restarts on a busy two-core machine: generous, as in maintenance.spec.ts.
test.describe.configure({ timeout: 300_000 });
// The service worker is what these tests are about (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('offline: submissions wait on the device, the maintenance page shows them, they arrive once', async ({
  page,
  context,
  own,
}) => {
  const ids = await ingest(own, 3, 'Offline');
  const userId = await moderate(page, ids);
  const watched = watchSubmissions(context);
  const gate = await SubmitGate.install(context);

  await test.step('submit as the connection goes: the cards leave at once', async () => {
    await submitAll(page, ids);
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(3));
    await expect.poll(() => gate.heldCount()).toBeGreaterThan(0);
  });

  await test.step('the device goes offline: Offline and 3 waiting in the top bar', async () => {
    await context.setOffline(true);
    const failed = page.waitForEvent('requestfailed', isSubmit);
    await gate.release('abort');
    await failed;
    await expect(page.getByTestId('offline-indicator')).toHaveText(PWA_TEXTS.offline);
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(3));
    // SPEC §8 'Socket lost': the operator is parked; nothing reached the server.
    await expect(page).toHaveURL(/\/park$/);
    expect(await moderatedCount(page, userId)).toBe(0);
  });

  await test.step('a reload offline shows the precached maintenance page with the count', async () => {
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.status()).toBe(200);
    await expectMaintenancePage(page, 3);
    await expect(page).toHaveURL(`${own.baseURL}/park`);
  });

  await test.step('back online: the page returns by itself and the results arrive', async () => {
    await context.setOffline(false);
    await expect(page.getByTestId('operator-state')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`${own.baseURL}/park`);
    await expect.poll(() => moderatedCount(page, userId), { timeout: 30_000 }).toBe(3);
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
    await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  });

  const keyOf = await expectOneKeyPerItem(watched, ids);
  await own.stop();
  await expectStoredOnce(own.dataDir, userId, keyOf);
});

test('server crash: submissions wait, arrive once when it is back, and survive the next crash', async ({
  page,
  context,
  own,
}) => {
  const ids = await ingest(own, 3, 'Server down');
  const userId = await moderate(page, ids);
  const watched = watchSubmissions(context);
  const gate = await SubmitGate.install(context);

  await test.step('submit as the server crashes', async () => {
    await submitAll(page, ids);
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(3));
    await expect.poll(() => gate.heldCount()).toBeGreaterThan(0);
    await own.crash();
    // The socket is gone: the operator waits on /park (SPEC §8); the device itself is online.
    await expect(page).toHaveURL(/\/park$/);
    const failed = page.waitForEvent('requestfailed', isSubmit);
    await gate.release('continue');
    await failed;
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(3));
    await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  });

  await test.step('the server starts again: every result arrives once', async () => {
    await own.start();
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0, { timeout: 45_000 });
    await expect.poll(() => moderatedCount(page, userId), { timeout: 30_000 }).toBe(3);
  });

  const later: number[] = [];
  await test.step('moderation goes on; the submitted items do not come back', async () => {
    // The operator was parked by the drop, not by choice: moderation resumes by itself.
    await expect(page).toHaveURL(/\/moderation$/, { timeout: 30_000 });
    // A new item on screen shows the content requests run again after the restart; it must be
    // the only card: the three submitted before the drop do not come back.
    later.push(...(await ingest(own, 1, 'After the restart')));
    await expect(cards(page)).toHaveCount(1, { timeout: 30_000 });
    expect(await cardIds(page)).toEqual(later);
    await submitAll(page, later);
    await expect.poll(() => moderatedCount(page, userId)).toBe(4);
  });

  const keyOf = await expectOneKeyPerItem(watched, [...ids, ...later]);
  // The embedded database answers only after a commit reached its files: what the server
  // acknowledged survives a process killed at once.
  await own.crash();
  await expectStoredOnce(own.dataDir, userId, keyOf);
});

test('maintenance: the 503 page shows what waits, and the console returns by itself', async ({
  page,
  context,
  own,
}) => {
  const ids = await ingest(own, 2, 'Maintenance');
  const userId = await moderate(page, ids);
  const watched = watchSubmissions(context);
  const gate = await SubmitGate.install(context);

  await test.step('results wait while the server restarts into maintenance', async () => {
    await submitAll(page, ids);
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(2));
    await expect.poll(() => gate.heldCount()).toBeGreaterThan(0);
    await own.stop();
    const failed = page.waitForEvent('requestfailed', isSubmit);
    await gate.release('continue');
    await failed;
    const refused = page.waitForResponse(
      (response) => isSubmit(response.request()) && response.status() === 503,
      { timeout: 60_000 },
    );
    await own.start({ MAINTENANCE: '1' });
    // The outbox retries into the maintenance answer and keeps the entries for later.
    await refused;
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(2));
  });

  // The socket (exempt from maintenance) may have resumed moderation meanwhile: /park or
  // /moderation, the page keeps its address through maintenance either way.
  const address = page.url();
  await test.step('a page load gets the server maintenance page with the count', async () => {
    const response = await page.reload();
    // The server's own page (503), passed through by the service worker; not the precache.
    expect(response?.status()).toBe(503);
    await expectMaintenancePage(page, 2);
    expect(page.url()).toBe(address);
  });

  await test.step('maintenance ends: the console returns by itself, results arrive once', async () => {
    const back = page.waitForResponse(
      (response) => response.request().isNavigationRequest() && response.status() === 200,
      { timeout: 120_000 },
    );
    await own.stop();
    await own.start();
    // maintenance.html polls /healthz every 7 s and reloads when it answers without maintenance.
    expect((await back).url()).toBe(address);
    await expect(page.getByTestId('operator-state')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => moderatedCount(page, userId), { timeout: 30_000 }).toBe(2);
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
  });

  const keyOf = await expectOneKeyPerItem(watched, ids);
  await own.stop();
  await expectStoredOnce(own.dataDir, userId, keyOf);
});

test('installable, and served from the cache offline after a first visit', async ({
  playwright,
  launchOptions,
  own,
}) => {
  // Chromium never offers to install from an incognito window, and every Playwright context is
  // one ('in-incognito'): this test uses a browser profile of its own, as a user's browser is.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL: own.baseURL,
  });
  try {
    await firstVisitThenOffline(context, own);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function firstVisitThenOffline(context: BrowserContext, own: OwnServer): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();

  await test.step('manifest and icons', async () => {
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Moderation Console',
      display: 'standalone',
      start_url: '/',
    });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((candidate) => candidate.sizes === size);
      expect(icon, `a ${size} icon`).toBeDefined();
      const response = await page.request.get(icon?.src ?? '');
      expect(response.headers()['content-type']).toContain('image/png');
    }
  });

  await test.step('the service worker is active and controls the first visit', async () => {
    await expectControlled(page);
  });

  await test.step('Chromium finds the console installable', async () => {
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
    await cdp.detach();
  });

  // The console's own scripts and styles, precached: a running console loads them offline.
  const assets = await page.evaluate(() =>
    [
      ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src),
      ...Array.from(
        document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
        (link) => link.href,
      ),
    ].map((url) => new URL(url).pathname),
  );
  expect(assets.length).toBeGreaterThan(0);

  await test.step('offline, a reload gets the precached maintenance page', async () => {
    await context.setOffline(true);
    // Rule 2 of sw/sw.ts: offline, a page load gets the maintenance page, not the shell.
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MAINTENANCE.heading);
    await expect(page).toHaveURL(`${own.baseURL}/login`);
    // No outbox entries on this device: no waiting line.
    await expect(page.getByRole('status')).toBeHidden();
    const loaded = await page.evaluate(
      (paths) =>
        Promise.all(
          paths.map((path) =>
            fetch(path).then(
              (response) => response.status,
              () => 0,
            ),
          ),
        ),
      assets,
    );
    expect(loaded).toEqual(assets.map(() => 200));
    // An API call offline is not answered from any cache.
    const api = await page.evaluate(() =>
      fetch('/api/csrf-token').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
  });

  await test.step('back online, the page returns to the console by itself', async () => {
    await context.setOffline(false);
    await expect(page.getByLabel('Username')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`${own.baseURL}/login`);
  });
}

test('a new version is announced, and Reload waits until the outbox has sent', async ({
  page,
  context,
  own,
}) => {
  const ids = await ingest(own, 1, 'Update');
  const userId = await moderate(page, ids);

  await test.step('a new version is deployed: the console offers Reload', async () => {
    // The same worker with one more line: byte-different, so the browser installs it anew.
    appendFileSync(path.join(own.staticDir, 'sw.js'), '\n// next version\n');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByTestId('update-prompt')).toContainText(PWA_TEXTS.updateAvailable);
  });

  const gate = await SubmitGate.install(context);
  await test.step('Reload while a submission is on its way: the page waits for it', async () => {
    await submitAll(page, ids);
    await expect.poll(() => gate.heldCount()).toBeGreaterThan(0);
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await page.getByRole('button', { name: PWA_TEXTS.reload }).click();
    await expect(page.getByTestId('update-prompt')).toContainText(PWA_TEXTS.finishingSending);
    await expect(page.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(1));
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);
  });

  await test.step('the submission arrives, then the page switches to the new version', async () => {
    const reloaded = page.waitForEvent('load');
    await gate.release('continue');
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    await expect.poll(() => moderatedCount(page, userId)).toBe(1);
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
  });
});

test('signing out with work waiting asks first and keeps it for the same user', async ({
  page,
  context,
  own,
}) => {
  const ids = await ingest(own, 1, 'Sign out');
  const userId = await moderate(page, ids);
  const gate = await SubmitGate.install(context);
  const dialog = page.getByRole('alertdialog', { name: SIGN_OUT_TEXTS.title });

  await test.step('a submission on its way: Logout asks, and Stay keeps the session', async () => {
    await submitAll(page, ids);
    await expect.poll(() => gate.heldCount()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Park', exact: true }).click();
    await expect(page).toHaveURL(/\/park$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(dialog).toContainText(SIGN_OUT_TEXTS.body(1));
    await dialog.getByRole('button', { name: SIGN_OUT_TEXTS.stay }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/park$/);
  });

  await test.step('Sign out anyway: the entry stays on the device, unsent', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: SIGN_OUT_TEXTS.signOut }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The request that was on its way fails after the sign-out; nobody sends the entry now.
    await gate.release('abort');
  });

  await test.step('another user on this device neither sees nor sends it', async () => {
    await signIn(page, 'batch');
    await expect(page.getByTestId('operator-state')).toBeVisible();
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
    // No question either: this user has nothing waiting.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the same user signs in again: the entry is sent', async () => {
    await signIn(page, 'operator');
    await expect.poll(() => moderatedCount(page, userId), { timeout: 30_000 }).toBe(1);
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
  });

  await own.stop();
  const db = await PGlite.create({ dataDir: path.join(own.dataDir, 'pglite') });
  try {
    const sent = await db.query<{ user_id: number; outcome: string }>(
      'select user_id, outcome from moderation_results where content_id = any($1::bigint[])',
      [ids],
    );
    expect(sent.rows).toEqual([{ user_id: userId, outcome: 'stored' }]);
  } finally {
    await db.close();
  }
});
