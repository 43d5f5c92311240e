/**
 * Pictures for a human review of the sign-in and shell screens in both themes, not assertions
 * about pixels. Runs only as the `screenshots` project: E2E_SCREENSHOTS=1 npm run test:e2e --
 * --project screenshots. Files land in test-results/screenshots/.
 */
import type { Locator, Page } from '@playwright/test';
import { FORGOT_PASSWORD_TEXTS } from '../../src/contract/auth';
import { CHANNELS, CHANNEL_TEXTS } from '../../src/contract/channels';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { AI_CONTENT_PAGE_TEXTS } from '../../src/features/ai-review/ai-review-texts';
import { AI_SERVICES_PAGE_TEXTS } from '../../src/features/ai-services/ai-services-texts';
import { SECOND_FACTOR_TEXTS } from '../../src/features/auth/components/second-factor-form';
import { POOLS_PAGE_TEXTS } from '../../src/features/pools/pools-texts';
import { ROLES_PAGE_TEXTS } from '../../src/features/roles/roles-texts';
import { SETTINGS_TEXTS } from '../../src/features/settings/settings-texts';
import { SERVICES_TEXTS } from '../../src/features/services/services-texts';
import { SUBSCRIBERS_TEXTS } from '../../src/features/subscribers/subscribers-texts';
import { serviceTokenEndpoints } from '../../src/contract/service-tokens';
import { subscriberEndpoints } from '../../src/contract/subscribers';
import { ingestItems, textItem } from '../support/protocol';
import { WELLBEING_TEXTS } from '../../src/contract/wellbeing';
import { TWO_FACTOR_UI_TEXTS } from '../../src/features/two-factor/two-factor-texts';
import { USERS_PAGE_TEXTS } from '../../src/features/users/users-texts';
import { AGGREGATOR_TEXTS } from '../../src/features/aggregator/aggregator-texts';
import { CHARTS_TEXTS, REPORTS_TEXTS } from '../../src/features/reports/reports-texts';
import { HISTORY_TEXTS } from '../../src/features/history/history-texts';
import { CONTENT_SENDER_UI_TEXTS } from '../../src/features/content-sender/content-sender-texts';
import { contentToolEndpoints } from '../../src/contract/content-tool';
import { DISCARD_UI_TEXTS } from '../../src/features/discard/discard-texts';
import { CONTENT_TOOL_TEXTS } from '../../src/features/content-tool/content-tool-texts';
import { FAILING_SERVICE, startDeliveryScene } from './support/delivery-receiver';
import { startAiReviewScene } from './support/ai-review-scene';
import {
  expect,
  notice,
  openProfileMenu,
  pageClient,
  runServerCli,
  signIn,
  startExtraServer,
  test,
  waitForResetLink,
  lastResetLink,
} from './support/fixtures';
import { seriousFindings } from './support/axe';
import { confirmShownKey, leaveRecoveryCodes, requireTwoFactor } from './support/two-factor';
import { openItem, previewBurst, receivedSandboxRun, toolsQueue } from './support/tools-scene';

const DIR = 'test-results/screenshots';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme, viewport: { width: 1280, height: 800 } });
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${DIR}/${name}-${colorScheme}.png` });

    test('public screens', async ({ page, serverLog }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Enter your username')).toBeVisible();
      await shot(page, 'login-errors');

      await page.goto('/forgot-password');
      await expect(page.getByText(FORGOT_PASSWORD_TEXTS.hint)).toBeVisible();
      await shot(page, 'forgot-password');
      const previous = lastResetLink(serverLog());
      await page.getByLabel('Email').fill('customer@example.com');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(notice(page, FORGOT_PASSWORD_TEXTS.success)).toBeVisible();
      await shot(page, 'forgot-password-sent');

      await page.goto(await waitForResetLink(serverLog, previous));
      await expect(page.getByText('For user customer')).toBeVisible();
      await shot(page, 'reset-password');
      await page.goto('/reset-password?token=not-a-token');
      await expect(page.getByRole('alert')).toBeVisible();
      await shot(page, 'reset-password-expired');
    });

    test('admin screens', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/my-profile');
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      await shot(page, 'profile');
      await openProfileMenu(page);
      await shot(page, 'shell-admin-menu');
      await page.keyboard.press('Escape');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await shot(page, 'not-found');
    });

    test('people screens', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/users');
      await expect(
        page.getByRole('heading', { name: USERS_PAGE_TEXTS.title, level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('user-row-operator')).toBeVisible();
      await shot(page, 'users');
      await page.getByRole('button', { name: USERS_PAGE_TEXTS.newUser }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, 'users-new-dialog');
      await page.keyboard.press('Escape');
      await page.goto('/roles-and-permissions');
      await expect(page.getByText(ROLES_PAGE_TEXTS.matrixTitle).first()).toBeVisible();
      await shot(page, 'roles');
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.reload();
      await expect(page.getByText(ROLES_PAGE_TEXTS.matrixTitle).first()).toBeVisible();
      await shot(page, 'roles-tablet');
      await page.goto('/users');
      await expect(page.getByTestId('user-row-operator')).toBeVisible();
      await shot(page, 'users-tablet');
    });

    test('settings screen', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/settings');
      await expect(page.getByRole('region', { name: 'Moderation' })).toBeVisible();
      await page.screenshot({ path: `${DIR}/settings-${colorScheme}.png`, fullPage: true });
      // A refusal beside its field, without saving anything.
      const delivery = page.getByRole('region', { name: 'Result delivery' });
      await delivery.getByLabel('Max attempts').fill('0');
      await delivery.getByRole('button', { name: SETTINGS_TEXTS.save }).click();
      await expect(delivery.getByText(/Max attempts must be between/)).toBeVisible();
      await delivery.scrollIntoViewIfNeeded();
      await shot(page, 'settings-refused');
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.reload();
      await expect(page.getByRole('region', { name: 'Moderation' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'settings-tablet');
    });

    test('services screens', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/services');
      await expect(page.getByTestId('service-row-demo-social')).toBeVisible();
      await shot(page, 'services');
      await page.getByRole('button', { name: SERVICES_TEXTS.newService }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, 'services-new-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: SERVICES_TEXTS.editLabel('Demo Social') }).click();
      await expect(page.getByTestId('tag-option-5')).toBeVisible();
      await shot(page, 'services-edit-dialog');
      await page.keyboard.press('Escape');
      // Subscribers come from ingest: a few for the picture, one of them blocked.
      const client = await pageClient(page);
      const demoSocial = (await client.callOk(serviceTokenEndpoints.serviceOptions, {})).find(
        (service) => service.name === 'Demo Social',
      );
      const token = await client.callOk(serviceTokenEndpoints.create, {
        body: { service_id: demoSocial?.id ?? 0 },
      });
      const people = [`alice-${colorScheme}`, `bob-${colorScheme}`, `spam-bot-${colorScheme}`];
      await ingestItems(
        new URL(page.url()).origin,
        token.data.raw_token ?? '',
        people.map((subscriber, n) => textItem(n, { subscriber_id: subscriber })),
      );
      const [blocked] = (
        await client.callOk(subscriberEndpoints.list, { query: { search: people[2] } })
      ).data;
      await client.callOk(subscriberEndpoints.update, {
        params: { id: blocked?.id ?? 0 },
        body: { name: 'Spam bot', notes: 'Sends links to pill shops', blocked: true },
      });
      await page.goto('/subscriber');
      await expect(
        page.getByRole('heading', { name: SUBSCRIBERS_TEXTS.title, level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId(`subscriber-row-${people[2]}`)).toBeVisible();
      await shot(page, 'subscribers');
      await page
        .getByTestId(`subscriber-row-${people[2]}`)
        .getByRole('button', { name: SUBSCRIBERS_TEXTS.editLabel('Spam bot') })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, 'subscribers-edit-dialog');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.goto('/services');
      await expect(page.getByTestId('service-row-demo-social')).toBeVisible();
      await shot(page, 'services-tablet');
      await page.goto('/subscriber');
      await expect(page.getByTestId(`subscriber-row-${people[2]}`)).toBeVisible();
      await shot(page, 'subscribers-tablet');
    });

    // On a server of its own: a pool changes what the demo operator is routed.
    test('pools and AI services screens', async ({ browser }) => {
      test.setTimeout(120_000);
      const server = await startExtraServer();
      try {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await signIn(page, 'admin');
        await page.goto('/pools');
        await page.getByRole('button', { name: POOLS_PAGE_TEXTS.newPool }).click();
        const dialog = page.getByTestId('pool-form-dialog');
        await dialog.getByLabel(POOLS_PAGE_TEXTS.name).fill('Chat desk');
        await dialog.getByLabel(POOLS_PAGE_TEXTS.description).fill('Chat moderation by day');
        await dialog.getByTestId('pool-services').getByLabel('Demo Chat').check();
        await dialog
          .getByTestId('pool-members')
          .getByLabel(/^operator/)
          .check();
        await shot(page, 'pools-dialog');
        await dialog.getByRole('button', { name: POOLS_PAGE_TEXTS.create }).click();
        await expect(page.getByTestId('pool-row-Chat desk')).toBeVisible();
        await expect(dialog).toBeHidden();
        await shot(page, 'pools');

        await page.goto('/aiservices');
        const local = page.getByTestId('ai-provider-local');
        await local.getByRole('button', { name: AI_SERVICES_PAGE_TEXTS.test }).click();
        await expect(local.getByTestId('ai-test-result')).toBeVisible();
        await shot(page, 'aiservices');

        await page.setViewportSize({ width: 820, height: 1180 });
        await page.goto('/pools');
        await expect(page.getByTestId('pool-row-Chat desk')).toBeVisible();
        await shot(page, 'pools-tablet');
        await page.goto('/aiservices');
        await expect(page.getByTestId('ai-provider-local')).toBeVisible();
        await shot(page, 'aiservices-tablet');
        await context.close();
      } finally {
        await server.dispose();
      }
    });

    test('wellbeing screens', async ({ browser }) => {
      test.setTimeout(120_000);
      const server = await startExtraServer({ env: { WELLBEING_BREAK_AFTER_SECONDS: '8' } });
      try {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        // Operators work on tablets too: each wellbeing screen is taken at both widths.
        const shotWide = async (name: string, subject?: Locator) => {
          await shot(page, name);
          await page.setViewportSize({ width: 820, height: 1180 });
          await subject?.scrollIntoViewIfNeeded();
          // The drawer narrows with a transition: the picture waits for it to end.
          await page.waitForFunction(() =>
            document
              .getAnimations()
              .every(
                (animation) =>
                  !(animation instanceof CSSTransition) || animation.playState !== 'running',
              ),
          );
          await shot(page, `${name}-tablet`);
          await page.setViewportSize({ width: 1280, height: 800 });
        };
        await signIn(page, 'admin');
        await page.goto('/my-profile');
        const section = page.getByTestId('wellbeing-section');
        await section.getByLabel(WELLBEING_TEXTS.mediaLabel).selectOption('both');
        await section.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText(WELLBEING_TEXTS.saved)).toBeVisible();
        await section.scrollIntoViewIfNeeded();
        await shotWide('wellbeing-profile', section);

        const token = /^\s+demo-social: (\S+)$/m.exec(server.readLog())?.[1] ?? '';
        const [image = 0] = await ingestItems(server.baseURL, token, [
          textItem(0, {
            message_type: 'image',
            content: `${server.baseURL}/icons/icon-192.png`,
            subscriber_id: 'wellbeing-shots',
          }),
        ]);
        await page.goto('/park');
        await page
          .getByTestId('park-box')
          .getByRole('button', { name: 'Resume Moderation' })
          .click();
        const blurred = page.getByRole('article', { name: new RegExp(`^#${image} · `) });
        await blurred
          .getByRole('button', { name: 'Click to load image' })
          .click({ timeout: 20_000 });
        await expect(blurred.locator('[data-treatment="both"]')).toBeVisible();
        await shotWide('wellbeing-blurred-card');

        const dialog = page.getByRole('dialog', { name: WELLBEING_TEXTS.breakTitle });
        await expect(dialog).toBeVisible({ timeout: 20_000 });
        await shotWide('wellbeing-break-dialog');
        expect(await seriousFindings(page)).toEqual([]);
        await dialog.getByRole('button', { name: WELLBEING_TEXTS.takeBreak }).click();
        await expect(page.getByTestId('break-timer')).toBeVisible();
        await shotWide('wellbeing-break-park');
        await context.close();
      } finally {
        await server.dispose();
      }
    });

    // On a server of its own: setting it up changes how the demo accounts sign in.
    test('two-factor screens', async ({ browser }) => {
      test.setTimeout(120_000);
      const server = await startExtraServer();
      try {
        await requireTwoFactor(server.baseURL, 'customer');
        const context = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await signIn(page, 'customer');
        await expect(page.getByTestId('two-factor-key')).toBeVisible();
        await shot(page, 'two-factor-forced-setup');
        await confirmShownKey(page);
        await shot(page, 'two-factor-forced-codes');
        await leaveRecoveryCodes(page);
        await context.clearCookies();

        await signIn(page, 'developer');
        await page.goto('/my-profile');
        await expect(page.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.setUp })).toBeVisible();
        await shot(page, 'two-factor-profile-off');
        await page.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.setUp }).click();
        await expect(page.getByTestId('two-factor-key')).toBeVisible();
        await shot(page, 'two-factor-setup-dialog');
        await confirmShownKey(page);
        await shot(page, 'two-factor-codes-dialog');
        await leaveRecoveryCodes(page);
        await expect(page.getByText(TWO_FACTOR_UI_TEXTS.recoveryLeft)).toBeVisible();
        await shot(page, 'two-factor-profile-on');
        await page.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.disable }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, 'two-factor-disable-dialog');
        await page.keyboard.press('Escape');
        await context.clearCookies();

        await page.goto('/login');
        await page.getByLabel('Username').fill('developer');
        await page.getByLabel('Password').fill('demo');
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page.getByLabel(SECOND_FACTOR_TEXTS.code)).toBeVisible();
        await shot(page, 'two-factor-sign-in');
        await page.getByRole('button', { name: SECOND_FACTOR_TEXTS.useRecovery }).click();
        await shot(page, 'two-factor-sign-in-recovery');

        await signIn(page, 'admin');
        await page.goto('/roles-and-permissions');
        await expect(page.getByText(ROLES_PAGE_TEXTS.matrixTitle).first()).toBeVisible();
        await shot(page, 'two-factor-roles');
        await context.close();
      } finally {
        await server.dispose();
      }
    });

    // On a server of its own, with a receiver that fails and one that answered 410.
    test('aggregator screens', async ({ browser }) => {
      test.setTimeout(120_000);
      const scene = await startDeliveryScene({ gone: true });
      try {
        const context = await browser.newContext({
          baseURL: scene.server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await signIn(page, 'admin');
        await expect(page.getByTestId('delivery-disabled-notice')).toBeVisible();
        await shot(page, 'dashboard-delivery-disabled');
        const openAttempts = async () => {
          await page
            .getByRole('button', {
              name: AGGREGATOR_TEXTS.actions.deliveriesLabel(FAILING_SERVICE),
            })
            .click();
          await expect(page.getByTestId('delivery-attempt')).toHaveCount(2);
        };
        await page.goto('/aggregator');
        await expect(
          page.getByRole('button', {
            name: AGGREGATOR_TEXTS.actions.redeliverFailedLabel(FAILING_SERVICE, 1),
          }),
        ).toBeVisible();
        await shot(page, 'aggregator');
        await openAttempts();
        await shot(page, 'aggregator-attempts');
        await page.keyboard.press('Escape');
        await page.setViewportSize({ width: 820, height: 1180 });
        await page.reload();
        await expect(page.getByTestId('aggregator-table')).toBeVisible();
        await shot(page, 'aggregator-tablet');
        await openAttempts();
        await shot(page, 'aggregator-attempts-tablet');
        await context.close();
      } finally {
        await scene.dispose();
      }
    });

    test('AI review screens', async ({ browser }) => {
      test.setTimeout(180_000);
      const scene = await startAiReviewScene();
      try {
        const context = await browser.newContext({
          baseURL: scene.server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await signIn(page, 'admin');
        await page.goto('/ai-moderation');
        await expect(page.getByTestId(`ai-result-${scene.ids.disagreement}`)).toBeVisible();
        await expect(page.getByTestId('ai-agreement-table')).toContainText('%');
        await shot(page, 'ai-moderation');
        await page.getByTestId('ai-results').scrollIntoViewIfNeeded();
        await shot(page, 'ai-moderation-results');

        await page.goto('/aicontent');
        await expect(page.getByTestId(`ai-item-${scene.ids.failed}`)).toBeVisible();
        await shot(page, 'aicontent');
        await page
          .getByRole('button', { name: AI_CONTENT_PAGE_TEXTS.retryLabel(scene.ids.failed) })
          .click();
        await shot(page, 'aicontent-retry');
        await page.keyboard.press('Escape');

        await page.setViewportSize({ width: 820, height: 1180 });
        await page.goto('/ai-moderation');
        await expect(page.getByTestId(`ai-result-${scene.ids.disagreement}`)).toBeVisible();
        await shot(page, 'ai-moderation-tablet');
        await page.goto('/aicontent');
        await expect(page.getByTestId(`ai-item-${scene.ids.failed}`)).toBeVisible();
        await shot(page, 'aicontent-tablet');
        await context.close();
      } finally {
        await scene.dispose();
      }
    });

    test('reports and charts screens', async ({ page }) => {
      await signIn(page, 'admin');
      // A few arrivals, so the charts have a line and the queue a depth.
      const client = await pageClient(page);
      const services = await client.callOk(serviceTokenEndpoints.serviceOptions, {});
      const created = await client.callOk(serviceTokenEndpoints.create, {
        body: { service_id: services[0]?.id ?? 0 },
      });
      await ingestItems(
        new URL(page.url()).origin,
        created.data.raw_token ?? '',
        [1, 2, 3, 4].map((n) => textItem(n, { subscriber_id: `report-shot-${colorScheme}` })),
      );
      await page.goto('/reports?report=services');
      await expect(page.getByTestId('report-table')).toBeVisible();
      await shot(page, 'reports');
      await page.goto('/reports?report=sla&group=week');
      await expect(page.getByText(REPORTS_TEXTS.precision)).toBeVisible();
      await shot(page, 'reports-sla');
      await page.goto('/charts');
      await expect(page.getByTestId('chart-volume').locator('canvas')).toBeVisible();
      const box = await page.getByTestId('chart-volume').locator('.u-over').boundingBox();
      await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) - 2, (box?.y ?? 0) + 20);
      await shot(page, 'charts');
      await page.getByRole('button', { name: CHARTS_TEXTS.showTable }).click();
      await expect(page.getByRole('table', { name: CHARTS_TEXTS.title })).toBeVisible();
      await shot(page, 'charts-table');
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.goto('/reports');
      await expect(page.getByTestId('report-table')).toBeVisible();
      await shot(page, 'reports-tablet');
    });

    // On a server of its own with a day of decisions (tests/e2e/tools/history-items.ts).
    test('moderation history screens', async ({ browser }) => {
      test.setTimeout(120_000);
      const first = await startExtraServer();
      try {
        await first.stop();
        const made = await runServerCli(
          'tests/e2e/tools/history-items.ts',
          ['--count', '14'],
          first.dataDir,
        );
        expect(made.code, made.output).toBe(0);
        const { contentIds } = JSON.parse(made.output.trim().split('\n').at(-1) ?? '{}') as {
          contentIds: number[];
        };
        const server = await startExtraServer({ dataDir: first.dataDir, port: first.port });
        try {
          const context = await browser.newContext({
            baseURL: server.baseURL,
            colorScheme,
            viewport: { width: 1280, height: 800 },
          });
          const page = await context.newPage();
          await signIn(page, 'admin');
          await page.goto('/modhistory');
          await expect(page.getByTestId(/^history-\d+$/)).toHaveCount(14);
          await shot(page, 'history');
          const drawer = page.getByTestId('history-drawer');
          // The video item (its media log) and an item whose delivery failed.
          await page
            .getByRole('link', { name: HISTORY_TEXTS.openItem(contentIds[2] ?? 0), exact: true })
            .click();
          await expect(drawer.getByTestId('history-media-log')).toBeVisible();
          await shot(page, 'history-drawer');
          // The drawer in this theme; the list's screens are walked by the accessibility spec.
          expect(await seriousFindings(page)).toEqual([]);
          await drawer.getByTestId('history-media-log').scrollIntoViewIfNeeded();
          await shot(page, 'history-drawer-log');
          await page.goto(`/modhistory?item=${contentIds[1] ?? 0}`);
          await drawer.getByTestId('history-attempts').scrollIntoViewIfNeeded();
          await expect(drawer.getByTestId('history-attempts')).toContainText('TIMEOUT');
          await shot(page, 'history-drawer-delivery');
          await page.keyboard.press('Escape');
          await page.setViewportSize({ width: 820, height: 1180 });
          // Away from the navigation, which opens over the page while hovered on a tablet.
          await page.mouse.move(600, 1100);
          await expect(page.getByTestId(/^history-\d+$/)).toHaveCount(14);
          await shot(page, 'history-tablet');
          await page.context().clearCookies();
          await signIn(page, 'customer');
          await page.setViewportSize({ width: 1280, height: 800 });
          await expect(page).toHaveURL(/\/customer-moderation$/);
          await expect(page.getByTestId(/^history-\d+$/)).toHaveCount(7);
          await shot(page, 'customer-moderation');
          await page
            .getByRole('link', { name: HISTORY_TEXTS.openItem(contentIds[0] ?? 0), exact: true })
            .click();
          await expect(drawer.getByTestId('history-timings')).toBeVisible();
          await shot(page, 'customer-moderation-drawer');
          await context.close();
        } finally {
          await server.stop();
        }
      } finally {
        await first.dispose();
      }
    });

    test('content sender screen', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/content-sender');
      await page.getByLabel(CONTENT_SENDER_UI_TEXTS.subscriber).fill('shop-42');
      await page.getByLabel(CONTENT_SENDER_UI_TEXTS.userId).fill('u-1001');
      await page.getByLabel(CONTENT_SENDER_UI_TEXTS.text).fill('Is this a fair price for pills?');
      await page.getByRole('button', { name: CONTENT_SENDER_UI_TEXTS.send, exact: true }).click();
      await expect(page.getByTestId('sent-list')).toBeVisible();
      await page.getByRole('radio', { name: CONTENT_SENDER_UI_TEXTS.sources.file }).check();
      await page.getByLabel(CONTENT_SENDER_UI_TEXTS.file).setInputFiles({
        name: 'poster.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#2f6fb0"/><circle cx="160" cy="90" r="60" fill="#d4a017"/></svg>',
        ),
      });
      await expect(page.getByTestId('upload-preview')).toBeVisible();
      await shot(page, 'content-sender');

      // A social post with its reactions and media, refused for a bad address, on a tablet.
      await page.setViewportSize({ width: 820, height: 1180 });
      await page
        .getByLabel(CONTENT_SENDER_UI_TEXTS.channel)
        .selectOption({ label: CHANNEL_TEXTS.titles.social });
      await page.getByRole('spinbutton', { name: CHANNEL_TEXTS.likes }).fill('1200');
      await page.getByRole('spinbutton', { name: CHANNEL_TEXTS.shares }).fill('85');
      await page
        .getByLabel(CONTENT_SENDER_UI_TEXTS.socialMedia)
        .fill('https://example.com/a.jpg\nnot-an-address');
      await page.getByRole('button', { name: CONTENT_SENDER_UI_TEXTS.send, exact: true }).click();
      await expect(page.getByLabel(CONTENT_SENDER_UI_TEXTS.socialMedia)).toBeFocused();
      await shot(page, 'content-sender-social-tablet');
      // The send's notice fades out meanwhile; axe would read its colours half-way.
      await expect(notice(page, /sent as/)).toBeHidden({ timeout: 20_000 });
      expect(await seriousFindings(page)).toEqual([]);
    });

    // On a server of its own: the demo user's sandbox and the counters are per server.
    test('demo and trial screens', async ({ browser }) => {
      test.setTimeout(180_000);
      const server = await startExtraServer();
      try {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        const tablet = () => page.setViewportSize({ width: 820, height: 1180 });
        const desktop = () => page.setViewportSize({ width: 1280, height: 800 });

        // The demo role's sandbox, fresh and with three decisions.
        await signIn(page, 'demo');
        await expect(page.getByTestId('sandbox-progress')).toBeVisible();
        await shot(page, 'trial-page');
        for (const [id, tag] of [
          ['104', null],
          ['101', /Spam/],
          ['108', /Violence/],
        ] as const) {
          const card = page.locator(`[data-card-id="${id}"]`);
          if (tag) await card.getByRole('button', { name: tag }).click();
          await card.getByRole('button', { name: `Submit item ${id}` }).click();
          await expect(page.locator(`[data-verdict-id="${id}"]`)).toBeVisible();
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, 'trial-page-verdicts');
        await tablet();
        await page.reload();
        await expect(page.locator('[data-verdict-id="108"]')).toBeVisible();
        await shot(page, 'trial-page-tablet');
        await desktop();
        await context.clearCookies();

        // A stranger on the brand's pages.
        await page.goto('/trial/northwind');
        await expect(page.locator('[data-card-id="105"]')).toBeVisible();
        await shot(page, 'trial-brand');
        const hate = page.locator('[data-card-id="105"]');
        await hate.getByRole('button', { name: /Hate Speech/ }).click();
        await hate.getByRole('button', { name: 'Submit item 105' }).click();
        await expect(page.locator('[data-verdict-id="105"]')).toBeVisible();
        await page.locator('[data-verdict-id="105"]').scrollIntoViewIfNeeded();
        await shot(page, 'trial-brand-verdict');
        await page.getByTestId('signup').scrollIntoViewIfNeeded();
        await page.getByTestId('signup').getByRole('button', { name: 'Send my details' }).click();
        await expect(page.getByText('Enter your name')).toBeVisible();
        await shot(page, 'trial-brand-signup-refused');
        await tablet();
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, 'trial-brand-tablet');
        await desktop();

        await page.goto('/trial/northwind/text');
        await page
          .getByLabel('Text to check')
          .fill('Congratulations, lucky winner! Click here for free money. Now shut up.');
        await page.getByRole('button', { name: 'Check text' }).click();
        await expect(page.getByTestId('text-check-result')).toBeVisible();
        await shot(page, 'trial-text');
        await tablet();
        await shot(page, 'trial-text-tablet');
        await desktop();

        await page.goto('/trial/pixelforge/public');
        await expect(page.getByTestId('counter-total')).toBeVisible();
        await page.goto('/trial/northwind/public');
        await expect(page.getByTestId('counter-total')).toContainText('1');
        await shot(page, 'trial-counter');
        await tablet();
        await shot(page, 'trial-counter-tablet');
        await desktop();

        await page.goto('/trial/regcomplete?brand=northwind');
        await expect(page.getByRole('link', { name: /Back to the Northwind/ })).toBeVisible();
        await shot(page, 'trial-regcomplete');
        await page.goto('/trial/no-such-brand');
        await expect(page.getByRole('heading', { name: 'Trial not found' })).toBeVisible();
        await shot(page, 'trial-not-found');

        await page.goto('/demo-v2?brand=pixelforge');
        await expect(page.getByRole('link', { name: /Try it on Pixelforge/ })).toBeVisible();
        await page.screenshot({ path: `${DIR}/demo-v2-${colorScheme}.png`, fullPage: true });
        await tablet();
        await page.goto('/demo-v2');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({ path: `${DIR}/demo-v2-tablet-${colorScheme}.png`, fullPage: true });
        await desktop();

        // What administrators see of it.
        await signIn(page, 'admin');
        await page.goto('/trial-brands');
        await expect(page.getByTestId('brand-row-northwind')).toBeVisible();
        await shot(page, 'trial-brands');
        await page.getByRole('button', { name: 'Edit Northwind Social' }).click();
        await expect(page.getByTestId('brand-form-dialog')).toBeVisible();
        await shot(page, 'trial-brands-dialog');
        await page.keyboard.press('Escape');
        await page.goto('/users?tab=trial-signups');
        await expect(page.getByRole('heading', { name: 'Trial sign-ups', level: 1 })).toBeVisible();
        await shot(page, 'users-trial-signups');
        await tablet();
        await page.goto('/trial-brands');
        await expect(page.getByTestId('brand-row-northwind')).toBeVisible();
        await shot(page, 'trial-brands-tablet');
        await context.close();
      } finally {
        await server.dispose();
      }
    });

    // On a server of its own: the Dev Box and the discard change the queue.
    test('tools screens', async ({ browser }) => {
      test.setTimeout(120_000);
      const server = await startExtraServer();
      try {
        await toolsQueue(server);
        const context = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await signIn(page, 'admin');
        await receivedSandboxRun(page);
        await page.screenshot({ path: `${DIR}/sandbox-${colorScheme}.png`, fullPage: true });
        // The sample, decided, delivered and then requeued: a timeline of most kinds of events.
        const sandboxItem = Number(new URL(page.url()).searchParams.get('run'));
        await (
          await pageClient(page)
        ).callOk(contentToolEndpoints.requeue, {
          params: { id: sandboxItem },
          body: { reason: 'a second look' },
        });
        await openItem(page, sandboxItem);
        await expect(page.getByTestId('item-timeline')).toContainText('Requeued by admin');
        await page.screenshot({ path: `${DIR}/content-tool-${colorScheme}.png`, fullPage: true });
        await page.getByRole('button', { name: CONTENT_TOOL_TEXTS.actions.discard }).click();
        await expect(page.getByTestId('item-action-dialog')).toBeVisible();
        await shot(page, 'content-tool-discard');
        await page.keyboard.press('Escape');
        await previewBurst(page);
        await page.screenshot({ path: `${DIR}/discard-${colorScheme}.png`, fullPage: true });
        await page.getByRole('button', { name: DISCARD_UI_TEXTS.discardButton(3) }).click();
        await page.getByTestId('confirm-discard').getByRole('textbox').fill('3');
        await shot(page, 'discard-confirm');
        await page
          .getByTestId('confirm-discard')
          .getByRole('button', { name: DISCARD_UI_TEXTS.confirm, exact: true })
          .click();
        await expect(
          page.getByTestId('discard-jobs').getByTestId('discard-job-state').first(),
        ).toHaveText(DISCARD_UI_TEXTS.jobState.done);
        await page.goto('/modhistory?source=discard');
        await expect(page.getByTestId(/^history-\d+$/)).toHaveCount(3);
        await shot(page, 'history-discarded');
        await page
          .getByRole('link', { name: /^Open item \d+$/ })
          .first()
          .click();
        await expect(
          page.getByTestId('history-drawer').getByRole('link', {
            name: HISTORY_TEXTS.openInContentTool,
          }),
        ).toBeVisible();
        await shot(page, 'history-discarded-drawer');
        await context.close();

        // A tablet of its own: the pointer starts away from the navigation, which opens over
        // the page while hovered.
        const tablet = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 820, height: 1180 },
        });
        const pad = await tablet.newPage();
        await signIn(pad, 'admin');
        for (const [name, path] of [
          ['sandbox', `/sandbox?run=${sandboxItem}`],
          ['content-tool', `/content-tool?id=${sandboxItem}`],
          ['discard', '/discard'],
        ] as const) {
          await pad.goto(path);
          await expect(pad.getByRole('heading', { level: 1 })).toBeVisible();
          await pad.waitForLoadState('networkidle').catch(() => undefined);
          await pad.screenshot({
            path: `${DIR}/${name}-tablet-${colorScheme}.png`,
            fullPage: true,
          });
        }
        await tablet.close();
      } finally {
        await server.dispose();
      }
    });

    test('channel screens', async ({ browser }) => {
      test.setTimeout(180_000);
      // The demo feeder sends items of every channel, the voice sample among them.
      const server = await startExtraServer({
        env: { DEMO_FEEDER: '1', DEMO_QUEUE_TARGET: '40', DEMO_FEED_INTERVAL_MS: '300' },
      });
      try {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          colorScheme,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await signIn(page, 'admin');
        for (const channel of CHANNELS) {
          await page.goto(`/${channel}`);
          // Parked on the way in: Resume comes back to the channel's view.
          await page.getByRole('button', { name: MODERATION_TEXTS.resume }).first().click();
          await expect(page).toHaveURL(new RegExp(`/${channel}$`));
          const card = page.getByRole('article').first();
          await expect(card).toBeVisible({ timeout: 30_000 });
          await expect(card.getByTestId('channel-context')).not.toContainText(
            CHANNEL_TEXTS.contextLoading,
          );
          if (channel === 'calls' || channel === 'voice') {
            await card.getByRole('button', { name: 'Click to load audio' }).click();
            // The feeder's sample lives at the server's own link origin (localhost), which this
            // page (127.0.0.1) may not fetch: the player then draws its plain bar.
            await expect(
              card.getByTestId('audio-waveform').or(card.getByTestId('audio-bar')),
            ).toBeVisible();
          }
          await shot(page, `channel-${channel}`);
          expect(await seriousFindings(page)).toEqual([]);
        }
        await context.close();
      } finally {
        await server.dispose();
      }
    });

    test('operator and developer shell', async ({ page }) => {
      await signIn(page, 'operator');
      await openProfileMenu(page);
      await shot(page, 'shell-operator-menu');
      await page.context().clearCookies();
      await signIn(page, 'developer');
      await openProfileMenu(page);
      await expect(page.getByText('Socket connections')).toBeVisible();
      await shot(page, 'shell-developer-menu');
    });
  });
}

// Swagger UI has one look of its own: the published reference in the normal theme.
test.describe('API reference', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });

  test('service API reference', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.locator('.opblock-post', { hasText: '/api/v1/contents' })).toBeVisible();
    await page.screenshot({ path: `${DIR}/api-docs.png` });
    await page.locator('.opblock-post .opblock-summary', { hasText: '/api/v1/contents' }).click();
    await expect(page.getByText('Idempotency-Key').first()).toBeVisible();
    await page.screenshot({ path: `${DIR}/api-docs-ingest.png`, fullPage: true });
  });
});
