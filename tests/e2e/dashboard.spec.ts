/**
 * The dashboard (SPEC §2 Dashboard). Live counts follow the queue as a client service
 * ingests, the demo feeder fills the queue and an operator works; the three stuck tables need
 * can_view_stuck_pending. Every group runs on a server of its own so the counts are exact and a
 * custom role can be created.
 */
import type { Page } from '@playwright/test';
import { DASHBOARD_TEXTS, dashboardEndpoints } from '../../src/contract/dashboard';
import { serviceTokenEndpoints } from '../../src/contract/service-tokens';
import { statCardTestId } from '../../src/features/dashboard/components/stat-cards';
import { DASHBOARD_PAGE_TEXTS } from '../../src/features/dashboard/dashboard-texts';
import {
  type ServerHandle,
  expect,
  pageClient,
  runServerCli,
  signIn,
  pageOn,
  startExtraServer,
  useOwnServer,
  tabTitle,
  test,
} from './support/fixtures';
import { ingestItems, textItem } from '../support/protocol';

const STUCK_TABLES = [
  DASHBOARD_TEXTS.stuckPending,
  DASHBOARD_TEXTS.failedAiModerate,
  DASHBOARD_TEXTS.stuckFailed,
];

/** A card's count as a number, or null while it shows no count yet. */
async function count(page: Page, card: string): Promise<number | null> {
  const text = (await page.getByTestId(`${statCardTestId(card)}-value`).textContent()) ?? '';
  const digits = text.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}

/** A service API token for `serviceName`, made through the API as the signed-in admin. */
async function issueToken(page: Page, serviceName: string): Promise<string> {
  const client = await pageClient(page);
  const services = await client.callOk(serviceTokenEndpoints.serviceOptions, {});
  const service = services.find((option) => option.name === serviceName);
  expect(service, `a service named ${serviceName}`).toBeDefined();
  const created = await client.callOk(serviceTokenEndpoints.create, {
    body: { service_id: service?.id ?? 0 },
  });
  return created.data.raw_token ?? '';
}

test.describe('live counts', () => {
  const server = useOwnServer();

  test('follow ingest and an operator at work', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await expect(admin).toHaveURL(/\/dashboard$/);
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(admin).toHaveTitle(tabTitle('Dashboard'));
    await expect(admin.getByTestId('live-status')).toHaveText(DASHBOARD_PAGE_TEXTS.live);
    for (const card of DASHBOARD_TEXTS.cards) {
      await expect.poll(() => count(admin, card), { message: card }).not.toBeNull();
    }
    const before = {
      total: (await count(admin, 'Total Pending')) ?? 0,
      handled: (await count(admin, 'Handled')) ?? 0,
    };

    await test.step('a client service ingests three items', async () => {
      const token = await issueToken(admin, 'Demo Chat');
      await ingestItems(
        server.baseURL,
        token,
        [1, 2, 3].map((n) =>
          textItem(n, {
            subscriber_id: 'dashboard-e2e',
            user_id: `user-${n}`,
            username: `user ${n}`,
            content: `Dashboard live count item ${n}`,
          }),
        ),
      );
      await expect.poll(() => count(admin, 'Total Pending')).toBe(before.total + 3);
      const services = admin.getByRole('table', { name: DASHBOARD_PAGE_TEXTS.servicesTitle });
      await expect(services.getByRole('row').filter({ hasText: 'Demo Chat' })).toBeVisible();
    });

    const operator = await pageOn(browser, server);
    await test.step('an operator starts moderating and holds items', async () => {
      await signIn(operator, 'operator');
      // A signed-in operator starts parked (SPEC §4) and resumes from /park.
      await expect(operator).toHaveURL(/\/park$/);
      await operator.getByRole('button', { name: 'Resume Moderation' }).click();
      await expect(operator).toHaveURL(/\/moderation$/);
      await expect(operator.getByRole('button', { name: /^Submit item \d+$/ }).first()).toBeVisible(
        { timeout: 20_000 },
      );
      await expect.poll(() => count(admin, 'Moderating')).toBe(1);
      await expect.poll(() => count(admin, 'Assigned')).toBeGreaterThan(0);
      const contents = admin.getByRole('table', { name: DASHBOARD_PAGE_TEXTS.contentsTitle });
      await expect(contents.getByRole('row').filter({ hasText: 'operator' }).first()).toBeVisible();
    });

    await test.step('a submitted item counts as handled', async () => {
      // Demo Chat items may be submitted without tags.
      await operator
        .getByRole('button', { name: /^Submit item \d+$/ })
        .first()
        .click();
      await expect.poll(() => count(admin, 'Handled')).toBe(before.handled + 1);
      await expect.poll(() => count(admin, 'Total Pending')).toBe(before.total + 2);
    });

    await operator.context().close();
    await admin.context().close();
  });
});

test.describe('with the demo feeder', () => {
  const QUEUE_TARGET = 3;
  let server: ServerHandle;
  test.beforeAll(async () => {
    server = await startExtraServer({
      env: {
        DEMO_FEEDER: '1',
        DEMO_QUEUE_TARGET: String(QUEUE_TARGET),
        DEMO_FEED_INTERVAL_MS: '300',
      },
    });
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('the counts follow the feeder filling the queue and an operator taking from it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await expect(admin).toHaveURL(/\/dashboard$/);
    await expect.poll(() => count(admin, 'Pending Queue'), { timeout: 30_000 }).toBe(QUEUE_TARGET);

    const operator = await pageOn(browser, server);
    await signIn(operator, 'operator');
    await operator.getByRole('button', { name: 'Resume Moderation' }).click();
    await expect(operator.getByRole('button', { name: /^Submit item \d+$/ }).first()).toBeVisible({
      timeout: 20_000,
    });
    await expect.poll(() => count(admin, 'Moderating')).toBe(1);
    await expect.poll(() => count(admin, 'Assigned')).toBeGreaterThan(0);
    // The operator took items from the queue; the feeder tops it up again, so more are waiting
    // in all than the queue holds.
    await expect
      .poll(() => count(admin, 'Total Pending'), { timeout: 30_000 })
      .toBeGreaterThan(QUEUE_TARGET);
    await expect.poll(() => count(admin, 'Pending Queue'), { timeout: 30_000 }).toBe(QUEUE_TARGET);

    await operator.context().close();
    await admin.context().close();
  });
});

test.describe('the stuck tables', () => {
  /** The first start owns the data directory; the restart reuses it. */
  let first: ServerHandle;
  let server: ServerHandle;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    first = await startExtraServer();
    await first.stop();
    const created = await runServerCli(
      'tests/e2e/tools/create-role-user.ts',
      [
        '--role',
        'supervisor',
        '--username',
        'supervisor',
        '--password',
        'demo',
        '--permissions',
        'section_dashboard,section_profile',
      ],
      first.dataDir,
    );
    expect(created.code, created.output).toBe(0);
    server = await startExtraServer({ dataDir: first.dataDir, port: first.port });
  });
  test.afterAll(async () => {
    await server?.stop();
    await first?.dispose();
  });

  test('need can_view_stuck_pending', async ({ browser }) => {
    const supervisor = await pageOn(browser, server);
    await signIn(supervisor, 'supervisor');
    await expect(supervisor).toHaveURL(/\/dashboard$/);
    for (const title of [
      DASHBOARD_TEXTS.failedContentRequests,
      DASHBOARD_TEXTS.failedEndpointResponses,
    ]) {
      await expect(supervisor.getByRole('table', { name: title })).toBeVisible();
    }
    for (const title of STUCK_TABLES) {
      await expect(supervisor.getByRole('heading', { name: title })).toHaveCount(0);
    }
    // The server refuses the calls too.
    const stuck = await (await pageClient(supervisor)).call(dashboardEndpoints.stuckPending, {});
    expect(stuck.status).toBe(403);

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    for (const title of STUCK_TABLES) {
      await expect(admin.getByRole('table', { name: title })).toBeVisible();
    }
    await supervisor.context().close();
    await admin.context().close();
  });
});
