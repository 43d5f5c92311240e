import type { FastifyRequest } from 'fastify';
import {
  chartEndpoints,
  reportEndpoints,
  REPORT_TEXTS,
  type Report,
  type SavedReport,
} from '../../../src/contract/reports';
import type { Database } from '../../db/database';
import { sendCsv, type CsvColumn } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import { isUniqueViolation } from '../users/people-rules';
import { reportCsvColumns } from './report-csv';
import { readChartSeries, readReport } from './report-reader';
import {
  deleteSavedReport,
  findVisibleSavedReport,
  insertSavedReport,
  listSavedReports,
  reportOptions,
  updateSavedReport,
} from './saved-report-repository';

/**
 * /reports and /charts: the reports (JSON and CSV), the filter options, saved reports (each
 * change audited in its transaction; only the owner changes or deletes one, everyone with
 * section_report sees the shared ones) and the chart series.
 */
function actorOf(request: FastifyRequest, user: { id: number; username: string }) {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

function duplicateName(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, REPORT_TEXTS.savedDuplicate, { name: REPORT_TEXTS.savedDuplicate });
  }
  throw error;
}

async function* rowsOf(report: Report): AsyncIterable<Report['rows'][number]> {
  yield* report.rows;
}

export function reportRoutes(context: ServerContext): void {
  const { http: app } = context;
  const db: Database = context.db;

  registerEndpoint(app, reportEndpoints.report, async ({ query }) => ({
    ok: true,
    data: await readReport(db, query),
  }));

  registerEndpoint(app, reportEndpoints.export, async ({ query, reply }) => {
    const report = await readReport(db, query);
    const day = (iso: string) => iso.slice(0, 10);
    return sendCsv(
      reply,
      `report-${report.report}-${report.group}-${day(report.start)}-${day(report.end)}.csv`,
      reportCsvColumns(report.report) as CsvColumn<Report['rows'][number]>[],
      rowsOf(report),
    );
  });

  registerEndpoint(app, reportEndpoints.options, async () => ({
    ok: true,
    data: await reportOptions(db),
  }));

  registerEndpoint(app, reportEndpoints.saved, async ({ user }) => ({
    ok: true,
    data: await listSavedReports(db, user.id),
  }));

  registerEndpoint(app, reportEndpoints.createSaved, async ({ body, user, request }) => {
    const id = await db
      .transaction(async (tx) => {
        const created = await insertSavedReport(tx, user.id, body);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'saved_report.create',
          target: { type: 'saved_report', id: created },
          details: { name: body.name, shared: body.shared, filters: body.filters },
        });
        return created;
      })
      .catch(duplicateName);
    return { ok: true, data: await savedOrNotFound(db, id, user.id) };
  });

  registerEndpoint(app, reportEndpoints.updateSaved, async ({ params, body, user, request }) => {
    await db
      .transaction(async (tx) => {
        const before = await ownSaved(tx, params.id, user.id);
        await updateSavedReport(tx, before.id, body);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'saved_report.update',
          target: { type: 'saved_report', id: before.id },
          details: {
            name: before.name === body.name ? body.name : { from: before.name, to: body.name },
            ...(before.shared === body.shared ? {} : { shared: body.shared }),
            filters: body.filters,
          },
        });
      })
      .catch(duplicateName);
    return { ok: true, data: await savedOrNotFound(db, params.id, user.id) };
  });

  registerEndpoint(app, reportEndpoints.deleteSaved, async ({ params, user, request }) => {
    await db.transaction(async (tx) => {
      const saved = await ownSaved(tx, params.id, user.id);
      await deleteSavedReport(tx, saved.id);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'saved_report.delete',
        target: { type: 'saved_report', id: saved.id },
        details: { name: saved.name },
      });
    });
    return { ok: true, data: { id: params.id } };
  });

  registerEndpoint(app, chartEndpoints.series, async ({ query }) => ({
    ok: true,
    data: await readChartSeries(db, query),
  }));
}

async function savedOrNotFound(db: Database, id: number, viewerId: number): Promise<SavedReport> {
  const saved = await findVisibleSavedReport(db, id, viewerId);
  if (!saved) throw new HttpError(404, REPORT_TEXTS.savedNotFound(id));
  return saved;
}

/** The caller's own saved report, locked: 404 when they cannot see it, 403 when not theirs. */
async function ownSaved(
  db: Parameters<typeof findVisibleSavedReport>[0],
  id: number,
  viewerId: number,
): Promise<SavedReport> {
  const saved = await findVisibleSavedReport(db, id, viewerId, { lock: true });
  if (!saved) throw new HttpError(404, REPORT_TEXTS.savedNotFound(id));
  if (!saved.mine) throw new HttpError(403, REPORT_TEXTS.savedNotOwner);
  return saved;
}
