/**
 * The activity screens in a browser: an administrator signs a moderating operator out from
 * /online-users (the operator's console returns to the sign-in page and the results still on
 * their way wait in the device's outbox, then arrive once they sign in again), and the CSV
 * export of /user-login-history holds the rows the screen shows.
 *
 * Each test runs on a server of its own: a kick and the sign-in attempts would disturb the
 * other specs on the shared server (the sign-in throttle counts failures per address).
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { LOGIN_FAILURE_REASONS } from '../../src/contract/login-history';
import { AUDIT_LOG_TEXTS } from '../../src/features/audit-log/audit-log-texts';
import { LOGIN_HISTORY_TEXTS } from '../../src/features/login-history/login-history-texts';
import { ONLINE_USERS_TEXTS } from '../../src/features/online-users/online-users-texts';
import { PWA_TEXTS } from '../../src/features/pwa/pwa-texts';
import { formatDateTime } from '../../src/lib/dates';
import { LOCAL_DB_NAME, OUTBOX_STORE } from '../../src/lib/local-db';
import { csvRecords } from '../support/csv';
import {
  test as base,
  expect,
  signIn,
  startExtraServer,
  type ServerHandle,
} from './support/fixtures';
import { expectAxeClean } from './support/axe';

const SUBMIT_PATH = '/api/v2/content/submit-contents';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const test = base.extend<{ own: ServerHandle & { chatToken: string } }>({
  own: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from it.
    async ({}, use) => {
      const server = await startExtraServer();
      try {
        const chatToken = /^\s*demo-chat: (\S+)$/m.exec(server.readLog())?.[1];
        if (!chatToken) throw new Error(`No Demo Chat token in the log:\n${server.readLog()}`);
        await use(Object.assign(server, { chatToken }));
      } finally {
        await server.dispose();
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ own }, use) => {
    await use(own.baseURL);
  },
});

test.describe.configure({ timeout: 180_000 });

/** A client service sends `count` Demo Chat text items (they may be submitted untagged). */
async function ingest(baseURL: string, token: string, count: number): Promise<number[]> {
  const response = await fetch(`${baseURL}/api/v1/contents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      Array.from({ length: count }, (_, n) => ({
        subscriber_id: 'activity-e2e',
        user_id: `member-${n + 1}`,
        username: `member ${n + 1}`,
        message_type: 'text',
        content: `activity item ${n + 1}`,
      })),
    ),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: { ids: number[] } }).data.ids;
}

/** The outbox entries on this device, as IndexedDB holds them. */
function outboxEntries(page: Page) {
  return page.evaluate(
    ({ name, store }) =>
      new Promise<{ kind: string; userId: number; contentId: number }[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction(store, 'readonly').objectStore(store).getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            resolve(
              (
                read.result as {
                  kind: string;
                  userId: number;
                  payload: { content_id: number };
                }[]
              ).map((entry) => ({
                kind: entry.kind,
                userId: entry.userId,
                contentId: entry.payload.content_id,
              })),
            );
          };
        };
      }),
    { name: LOCAL_DB_NAME, store: OUTBOX_STORE },
  );
}

/** Holds every submit request in the browser until released: results on their way. */
async function holdSubmits(context: BrowserContext) {
  const held: Route[] = [];
  let holding = true;
  await context.route(`**${SUBMIT_PATH}`, async (route) => {
    if (holding) held.push(route);
    else await route.fallback();
  });
  return {
    count: () => held.length,
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await context.unroute(`**${SUBMIT_PATH}`);
    },
  };
}

async function moderatedCount(page: Page, userId: number): Promise<number> {
  const response = await page.request.get(`/api/statistics/moderated/${userId}`, {
    headers: XHR,
    params: { start_date: '2000-01-01 00:00:00', end_date: '2100-01-01 00:00:00' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { moderated: number } }).data.moderated;
}

test('an admin signs out a moderating operator: sign-in page, their work safe in the outbox', async ({
  browser,
  own,
}) => {
  const ids = await ingest(own.baseURL, own.chatToken, 2);
  const operatorContext = await browser.newContext({ baseURL: own.baseURL });
  const adminContext = await browser.newContext({ baseURL: own.baseURL });
  const operator = await operatorContext.newPage();
  const admin = await adminContext.newPage();

  let operatorId = 0;
  let gate: Awaited<ReturnType<typeof holdSubmits>> | undefined;
  await test.step('the operator moderates and submits while the requests are on their way', async () => {
    await signIn(operator, 'operator');
    await expect(operator).toHaveURL(/\/park$/);
    const me = (await (await operator.request.get('/api/auth', { headers: XHR })).json()) as {
      data: { id: number };
    };
    operatorId = me.data.id;
    await operator.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
    await expect(operator).toHaveURL(/\/moderation$/);
    await expect(operator.locator('article[data-card-id]')).toHaveCount(2, { timeout: 30_000 });
    gate = await holdSubmits(operatorContext);
    for (const id of ids) {
      await operator.getByRole('button', { name: `Submit item ${id}` }).click();
    }
    await expect(operator.getByTestId('outbox-waiting')).toHaveText(PWA_TEXTS.waiting(2));
    // The held results reach the server only after the kick below: they are refused (401, the
    // session has ended) and stay in the outbox.
    await expect.poll(() => gate?.count()).toBeGreaterThan(0);
  });

  await test.step('the admin sees them moderating on /online-users and signs them out', async () => {
    await signIn(admin, 'admin');
    await admin.goto('/online-users');
    const row = admin.getByTestId('online-user-operator');
    await expect(row).toContainText('Moderating');
    await row
      .getByRole('button', { name: ONLINE_USERS_TEXTS.devicesButton(1, 'operator') })
      .click();
    await expect(
      admin.getByRole('dialog', { name: ONLINE_USERS_TEXTS.devicesTitle('operator') }),
    ).toContainText(ONLINE_USERS_TEXTS.deviceModerates);
    await expectAxeClean(admin);
    await admin.keyboard.press('Escape');
    await row.getByRole('button', { name: ONLINE_USERS_TEXTS.kickLabel('operator') }).click();
    const dialog = admin.getByRole('alertdialog', {
      name: ONLINE_USERS_TEXTS.kickTitle('operator'),
    });
    await expect(dialog.getByText(ONLINE_USERS_TEXTS.kickBody)).toBeVisible();
    await expectAxeClean(admin);
    await dialog.getByRole('button', { name: ONLINE_USERS_TEXTS.kickConfirm }).click();
    await expect(admin.getByText(ONLINE_USERS_TEXTS.kicked('operator'))).toBeVisible();
    await expect(admin.getByTestId('online-user-operator')).toHaveCount(0);
  });

  await test.step('the operator lands on the sign-in page; the results wait on the device', async () => {
    await expect(operator).toHaveURL(/\/login$/);
    await expect(operator.getByLabel('Username')).toBeVisible();
    const refused = operator.waitForResponse(
      (response) => new URL(response.url()).pathname === SUBMIT_PATH && response.status() === 401,
    );
    await gate?.release();
    await refused;
    await expect
      .poll(() => outboxEntries(operator))
      .toEqual(
        expect.arrayContaining(
          ids.map((contentId) => ({ kind: 'result', userId: operatorId, contentId })),
        ),
      );
  });

  await test.step('the kick is in the audit log', async () => {
    await admin.goto('/user-logs?action=session.kick');
    const entry = admin.locator('tbody tr').first();
    await expect(entry).toContainText('Kicked user');
    await expect(entry).toContainText('admin');
    await entry.getByRole('button', { name: /^View details of Kicked user/ }).click();
    const details = admin.getByTestId('audit-entry-details');
    await expect(details).toContainText('"username": "operator"');
    await expect(admin.getByText(AUDIT_LOG_TEXTS.readOnly)).toBeVisible();
    await expectAxeClean(admin);
  });

  await test.step('signing in again sends the waiting results, once', async () => {
    await signIn(operator, 'operator');
    await expect.poll(() => moderatedCount(operator, operatorId), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => outboxEntries(operator)).toEqual([]);
  });

  await operatorContext.close();
  await adminContext.close();
});

test('the login history CSV export holds the rows the screen shows', async ({ page }) => {
  await test.step('a few attempts: a wrong password, an unknown user, successes', async () => {
    for (const [username, password] of [
      ['operator', 'not-the-password'],
      ['nobody-by-this-name', 'guess'],
    ]) {
      await page.goto('/login');
      await page.getByLabel('Username').fill(username as string);
      await page.getByLabel('Password').fill(password as string);
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/auth/login',
      );
      await page.getByRole('button', { name: 'Login' }).click();
      expect((await answered).status()).toBe(401);
    }
    await signIn(page, 'operator');
    await page.context().clearCookies();
    await signIn(page, 'admin');
  });

  await page.goto('/user-login-history');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')),
  );
  expect(shown[0]?.[1]).toContain('admin');
  expect(shown.map((cells) => cells[2])).toEqual([
    LOGIN_HISTORY_TEXTS.success,
    LOGIN_HISTORY_TEXTS.success,
    `${LOGIN_HISTORY_TEXTS.failure}${LOGIN_FAILURE_REASONS['unknown user']}`,
    `${LOGIN_HISTORY_TEXTS.failure}${LOGIN_FAILURE_REASONS['wrong password']}`,
  ]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^login-history-\d{8}-\d{6}\.csv$/);
  const records = csvRecords(readFileSync((await download.path()) ?? '', 'utf8'));
  expect(records).toHaveLength(shown.length);
  records.forEach((record, index) => {
    const cells = shown[index] ?? [];
    expect(formatDateTime(record.time_utc)).toBe(cells[0]);
    expect(cells[1]).toContain(record.username);
    const result =
      record.result === 'success' ? LOGIN_HISTORY_TEXTS.success : LOGIN_HISTORY_TEXTS.failure;
    expect(cells[2]).toBe(`${result}${record.reason}`);
    expect(cells[3]).toBe(record.address);
  });

  await test.step('a filter narrows the screen and the export alike', async () => {
    await page.getByRole('combobox', { name: LOGIN_HISTORY_TEXTS.result }).selectOption('failure');
    await expect(page).toHaveURL(/result=failure/);
    await expect(rows).toHaveCount(2);
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    const failures = csvRecords(readFileSync((await filtered.path()) ?? '', 'utf8'));
    expect(failures.map((record) => record.username)).toEqual(['nobody-by-this-name', 'operator']);
    expect(failures.every((record) => record.result === 'failure')).toBe(true);
  });
});
