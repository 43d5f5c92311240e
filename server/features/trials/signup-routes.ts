import {
  SIGNUP_ADMIN_TEXTS,
  trialSignupEndpoints,
  type SignupRow,
} from '../../../src/contract/trial-signups';
import { inBatches, sendCsv, type CsvColumn } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import {
  deleteSignup,
  exportSignupsBatch,
  listSignups,
  type SignupFilter,
} from './signup-repository';

/**
 * The "Trial sign-ups" of /users (section_users): the contact details prospects left, a page at
 * a time or all as CSV, and deleting one when its prospect asks to be forgotten (audited; the
 * audit row keeps who and when, not the details).
 */
const CSV_COLUMNS: CsvColumn<SignupRow>[] = [
  { header: 'Received (UTC)', value: (row) => row.created_at },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Company', value: (row) => row.company },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Brand', value: (row) => row.brand_name },
  { header: 'Message', value: (row) => row.message },
];

export function signupRoutes(context: ServerContext): void {
  const { http: app, db } = context;

  const filterOf = (query: {
    search?: string | undefined;
    brand_id?: number | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
  }): SignupFilter => ({
    search: query.search || undefined,
    brandId: query.brand_id,
    from: query.from,
    to: query.to,
  });

  registerEndpoint(app, trialSignupEndpoints.list, async ({ query }) => {
    const { rows, total, capped } = await listSignups(db, {
      filter: filterOf(query),
      sort: query.sort,
      order: query.order,
      page: query.page,
      perPage: query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(app, trialSignupEndpoints.export, async ({ query, reply }) => {
    const filter = filterOf(query);
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(
      reply,
      `trial-signups-${day}.csv`,
      CSV_COLUMNS,
      inBatches<SignupRow, number>(
        (after) => exportSignupsBatch(db, filter, after),
        (row) => row.id,
      ),
    );
  });

  registerEndpoint(app, trialSignupEndpoints.remove, async ({ body, user, request }) => {
    await db.transaction(async (tx) => {
      const gone = await deleteSignup(tx, body.id);
      if (!gone) throw new HttpError(404, SIGNUP_ADMIN_TEXTS.notFound(body.id));
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        ip: request.ip,
        action: 'trial_signup.delete',
        target: { type: 'trial_signup', id: gone.id },
        details: { brand: gone.brand_name, received_at: gone.created_at },
      });
    });
    return { ok: true, data: { id: body.id } };
  });
}
