import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SERVICE_TEXTS,
  serviceEndpoints,
  type ServiceForm,
  type ServiceRow,
} from '../../../src/contract/services';
import type { SettingsRegistry } from '../settings/settings-registry';
import type { Database, Queryable } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit-repository';
import { refreshSlaRollups } from '../reports/report-rollups-repository';
import { holdRollupFold } from '../reports/rollup-journal';
import { checkCallbackUrl } from '../delivery/callback-guard';
import { displayWebhookSecret, newWebhookSecret } from '../delivery/webhook-signature';
import {
  serviceFieldTaken,
  findServiceRow,
  insertService,
  listServices,
  lockService,
  rotateServiceSecret,
  updateService,
} from './service-admin-repository';

/**
 * The /services calls. Each change runs in one transaction with its audit row; the audit row
 * names what changed and never holds a secret. The callback URL is checked before the
 * transaction (a DNS lookup must not hold a row lock), with the same guard and the same setting
 * (delivery_allow_private_urls, through the settings registry) that the delivery worker applies
 * before each send, so a URL saved here is one the worker will call.
 */
export interface ServiceRoutesDeps {
  db: Database;
  settings: SettingsRegistry;
}

function actorOf(request: FastifyRequest, user: { id: number; username: string }) {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

/** The fields of `after` that differ from `before`, as { field: [before, after] }. */
function changes(before: ServiceRow, after: ServiceRow): Record<string, unknown> {
  const fields = [
    'code',
    'name',
    'active',
    'priority',
    'tags',
    'submit_without_tags',
    'enable_dynamic_tags',
    'ai_provider',
    'ai_word_lists',
    'callback_url',
  ] as const;
  const changed: Record<string, unknown> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changed[field] = [before[field], after[field]];
    }
  }
  return changed;
}

export function serviceRoutes(app: FastifyInstance, deps: ServiceRoutesDeps): void {
  const { db, settings } = deps;

  /** 422 on the callback_url field when the worker would refuse to call it. */
  const ensureCallable = async (form: ServiceForm, stored: string | null): Promise<void> => {
    const url = form.callback_url;
    if (url === null || url === stored) return;
    if (url.startsWith('/')) {
      throw new HttpError(422, SERVICE_TEXTS.callbackPath, {
        callback_url: SERVICE_TEXTS.callbackPath,
      });
    }
    const verdict = await checkCallbackUrl(url, {
      allowPrivate: settings.get('delivery_allow_private_urls'),
    });
    if (!verdict.ok) {
      const message = `The callback URL is refused: ${verdict.reason}.`;
      throw new HttpError(422, message, { callback_url: message });
    }
  };

  const ensureCodeFree = async (db: Queryable, code: string, exceptId?: number) => {
    if (await serviceFieldTaken(db, 'code', code, exceptId)) {
      throw new HttpError(409, SERVICE_TEXTS.duplicateCode, { code: SERVICE_TEXTS.duplicateCode });
    }
  };

  /**
   * Names are unique regardless of case: every list and filter of services (tokens, reports,
   * history, the content sender) shows the name alone.
   */
  const ensureNameFree = async (db: Queryable, name: string, exceptId?: number) => {
    if (await serviceFieldTaken(db, 'name', name, exceptId)) {
      throw new HttpError(409, SERVICE_TEXTS.duplicateName, { name: SERVICE_TEXTS.duplicateName });
    }
  };

  const requireRow = async (db: Queryable, id: number): Promise<ServiceRow> => {
    const row = await findServiceRow(db, id);
    if (!row) throw new HttpError(404, SERVICE_TEXTS.notFound(id));
    return row;
  };

  registerEndpoint(app, serviceEndpoints.list, async ({ query }) => {
    const { rows, total, capped } = await listServices(db, {
      search: query.search || undefined,
      active: query.active,
      sort: query.sort,
      order: query.order,
      page: query.page,
      perPage: query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(app, serviceEndpoints.create, async ({ body, user, request }) => {
    await ensureCallable(body, null);
    const secret = newWebhookSecret();
    const service = await db.transaction(async (tx) => {
      await ensureCodeFree(tx, body.code);
      await ensureNameFree(tx, body.name);
      const id = await insertService(tx, body, secret);
      const row = await requireRow(tx, id);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'service.create',
        target: { type: 'service', id },
        details: { ...body, tags: row.tags },
      });
      return row;
    });
    return {
      ok: true,
      data: {
        service,
        secret: { secret: displayWebhookSecret(secret), previous_expires_at: null },
      },
    };
  });

  registerEndpoint(
    app,
    serviceEndpoints.update,
    async ({ params: { id }, body, user, request }) => {
      const current = await requireRow(db, id);
      await ensureCallable(body, current.callback_url);
      const saved = await db.transaction(async (tx) => {
        // An SLA change recounts the report rollups, whose writers' lock must come before the
        // service's row (a fold adding a rollup row of this service waits for that row). Taken
        // on every save, since only the locked row tells whether the SLA changes.
        await holdRollupFold(tx);
        const locked = await lockService(tx, id);
        if (!locked) throw new HttpError(404, SERVICE_TEXTS.notFound(id));
        if (body.code !== locked.code) {
          if (locked.codeLocked) {
            throw new HttpError(409, SERVICE_TEXTS.codeLocked, { code: SERVICE_TEXTS.codeLocked });
          }
          await ensureCodeFree(tx, body.code, id);
        }
        const before = await requireRow(tx, id);
        // A name kept as it was is not checked: services named alike before names were unique
        // stay editable.
        if (body.name.toLowerCase() !== before.name.toLowerCase()) {
          await ensureNameFree(tx, body.name, id);
        }
        await updateService(tx, id, body);
        const after = await requireRow(tx, id);
        // Reports count breaches of the SLA as set now: recount this service's.
        if (after.sla_minutes !== before.sla_minutes) await refreshSlaRollups(tx, id);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'service.update',
          target: { type: 'service', id },
          details: { code: after.code, changes: changes(before, after) },
        });
        return after;
      });
      return { ok: true, data: saved };
    },
  );

  registerEndpoint(
    app,
    serviceEndpoints.rotateSecret,
    async ({ params: { id }, body, user, request }) => {
      const secret = newWebhookSecret();
      const overlapMs = Math.round(body.overlap_hours * 3_600_000);
      const previousUntil = overlapMs > 0 ? new Date(Date.now() + overlapMs) : null;
      const service = await db.transaction(async (tx) => {
        const locked = await lockService(tx, id);
        if (!locked) throw new HttpError(404, SERVICE_TEXTS.notFound(id));
        await rotateServiceSecret(tx, id, secret, previousUntil);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'service.rotate_secret',
          target: { type: 'service', id },
          details: {
            code: locked.code,
            overlap_hours: body.overlap_hours,
            previous_expires_at: previousUntil?.toISOString() ?? null,
          },
        });
        return requireRow(tx, id);
      });
      return {
        ok: true,
        data: {
          service,
          secret: {
            secret: displayWebhookSecret(secret),
            previous_expires_at: previousUntil?.toISOString() ?? null,
          },
        },
      };
    },
  );
}
