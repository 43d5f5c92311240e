/**
 * Reports and charts. On a server of its own (no demo feeder, so the figures are exact), a
 * client service sends three items and an operator decides one; the administrator sees them in
 * the services report, downloads its CSV and finds the table's figures in it, saves the report
 * and loads it back; /charts draws the series, shows the exact values of a period on hover, and
 * offers the same figures as a table.
 */
import { readFileSync } from 'node:fs';
import { serviceTokenEndpoints } from '../../src/contract/service-tokens';
import { CHARTS_TEXTS, REPORTS_TEXTS } from '../../src/features/reports/reports-texts';
import { parseCsv } from '../support/csv';
import { ingestItems, textItem } from '../support/protocol';
import {
  expect,
  notice,
  pageClient,
  pageOn,
  signIn,
  tabTitle,
  test,
  useOwnServer,
} from './support/fixtures';

test.describe('reports and charts', () => {
  const server = useOwnServer({ env: { DEMO_FEEDER: '0' } });

  test('a report matches its CSV, saves and loads; charts show the series and a table', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await pageOn(browser, server, { acceptDownloads: true });
    await signIn(admin, 'admin');

    await test.step('three items arrive and an operator decides one', async () => {
      const client = await pageClient(admin);
      const services = await client.callOk(serviceTokenEndpoints.serviceOptions, {});
      const chat = services.find((option) => option.name === 'Demo Chat');
      const created = await client.callOk(serviceTokenEndpoints.create, {
        body: { service_id: chat?.id ?? 0 },
      });
      await ingestItems(
        server.baseURL,
        created.data.raw_token ?? '',
        [1, 2, 3].map((n) => textItem(n, { subscriber_id: 'reports-e2e', content: `Report ${n}` })),
      );
      const operator = await pageOn(browser, server);
      await signIn(operator, 'operator');
      await operator.getByRole('button', { name: 'Resume Moderation' }).click();
      const submit = operator.getByRole('button', { name: /^Submit item \d+$/ }).first();
      await expect(submit).toBeVisible({ timeout: 20_000 });
      await submit.click();
      await expect(operator.getByRole('button', { name: /^Submit item \d+$/ })).toHaveCount(2);
      await operator.context().close();
    });

    await test.step('the services report shows them, and its CSV holds the same figures', async () => {
      await admin.goto('/reports?report=services');
      await expect(admin.getByRole('heading', { level: 1 })).toHaveText(REPORTS_TEXTS.title);
      await expect(admin).toHaveTitle(tabTitle(REPORTS_TEXTS.title));
      const table = admin.getByRole('table', { name: REPORTS_TEXTS.tableTitle('services', 'day') });
      const row = table.getByRole('row').filter({ hasText: 'Demo Chat' });
      await expect(row).toBeVisible();
      const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
      const name = (await row.getByRole('rowheader').textContent())?.trim();
      // Period, then arrivals, decided, by operators, by AI, tagged, no tag, no tag %.
      expect(cells.slice(1)).toEqual([
        '3',
        '1',
        '1',
        '0',
        expect.any(String),
        expect.any(String),
        expect.any(String),
      ]);

      const download = admin.waitForEvent('download');
      await admin.getByTestId('export-csv').click();
      const file = await (await download).path();
      const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
      expect(header?.slice(0, 4)).toEqual(['period_utc', 'service', 'arrivals', 'decided']);
      const csvRow = rows.find((line) => line[1] === name);
      expect(csvRow).toBeDefined();
      const shareText = cells[7] ?? '';
      expect([
        csvRow?.[2],
        csvRow?.[3],
        csvRow?.[4],
        csvRow?.[5],
        csvRow?.[6],
        csvRow?.[7],
        `${Number(csvRow?.[8]).toFixed(1)} %`,
      ]).toEqual([cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], shareText]);
    });

    await test.step('the report is saved under a name and loaded back', async () => {
      await admin.getByRole('button', { name: REPORTS_TEXTS.saved.save }).click();
      const dialog = admin.getByRole('dialog', { name: REPORTS_TEXTS.saved.dialogTitle });
      await dialog.getByLabel(REPORTS_TEXTS.saved.name).fill('Chat volume');
      await dialog.getByLabel(REPORTS_TEXTS.saved.shared).check();
      await dialog.getByRole('button', { name: REPORTS_TEXTS.saved.create }).click();
      await expect(notice(admin, REPORTS_TEXTS.saved.saved)).toBeVisible();
      await admin.goto('/reports');
      // The report kinds of the page: the drawer has a Services group button of its own.
      const kinds = admin.getByRole('main');
      await expect(
        kinds.getByRole('button', { name: REPORTS_TEXTS.kinds.productivity }),
      ).toHaveAttribute('aria-pressed', 'true');
      await admin.getByLabel(REPORTS_TEXTS.saved.label).selectOption({ label: 'Chat volume' });
      await expect(
        kinds.getByRole('button', { name: REPORTS_TEXTS.kinds.services }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(admin).toHaveURL(/report=services/);
    });

    await test.step('charts draw the series, with exact values on hover and a table view', async () => {
      await admin.goto('/charts');
      await expect(admin.getByRole('heading', { level: 1 })).toHaveText(CHARTS_TEXTS.title);
      const volume = admin.getByTestId('chart-volume');
      await expect(volume.locator('canvas')).toBeVisible();
      await expect(
        volume.getByRole('img', { name: new RegExp(CHARTS_TEXTS.volume) }),
      ).toBeVisible();
      for (const id of ['queue', 'sla', 'over-sla']) {
        await expect(admin.getByTestId(`chart-${id}`).locator('canvas')).toBeVisible();
      }
      // Today is the last day of the default range: its point is at the right edge.
      const box = await volume.locator('.u-over').boundingBox();
      await admin.mouse.move((box?.x ?? 0) + (box?.width ?? 0) - 2, (box?.y ?? 0) + 10);
      await expect(volume.locator('.u-legend')).toContainText(CHARTS_TEXTS.arrivals);
      await expect(volume.locator('.u-legend .u-series').nth(1).locator('.u-value')).toHaveText(
        '3',
      );
      await expect(volume.locator('.u-legend .u-series').nth(2).locator('.u-value')).toHaveText(
        '1',
      );

      await admin.getByRole('button', { name: CHARTS_TEXTS.showTable }).click();
      const table = admin.getByRole('table', { name: CHARTS_TEXTS.title });
      await expect(table.getByRole('row')).toHaveCount(8);
      const today = table.getByRole('row').last();
      await expect(today.getByRole('cell').nth(0)).toHaveText('3');
      await expect(today.getByRole('cell').nth(1)).toHaveText('1');
      await expect(today.getByRole('cell').nth(2)).toHaveText('2');
    });
    await admin.context().close();
  });
});
