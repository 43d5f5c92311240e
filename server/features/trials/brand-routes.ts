import type { FastifyRequest } from 'fastify';
import { BRAND_TEXTS, trialBrandEndpoints, type BrandRow } from '../../../src/contract/trials';
import type { Queryable } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import { isUniqueViolation } from '../users/people-rules';
import type { UserRecord } from '../users/user-repository';
import {
  deleteBrand,
  findBrandRow,
  insertBrand,
  listBrands,
  lockBrand,
  slugTaken,
  updateBrand,
  type BrandFields,
  type BrandRecord,
} from './brand-repository';
import type { SampleSandbox } from './sandbox';
import { SAMPLE_SETS, findSampleSet } from './sample-sets';

/**
 * /trial-brands: administrators set up the brands of the public trial pages. Each change and its
 * audit row commit together. Addresses (slugs) are unique (409); the sample set must be one of
 * the catalogue's (422).
 */
function actorOf(request: FastifyRequest, user: UserRecord) {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

function slugConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, BRAND_TEXTS.slugTaken, { slug: BRAND_TEXTS.slugTaken });
  }
  throw error;
}

async function checkFields(db: Queryable, fields: BrandFields, id?: number): Promise<void> {
  if (await slugTaken(db, fields.slug, id)) {
    throw new HttpError(409, BRAND_TEXTS.slugTaken, { slug: BRAND_TEXTS.slugTaken });
  }
  if (!findSampleSet(fields.sample_set)) {
    throw new HttpError(422, BRAND_TEXTS.unknownSet, { sample_set: BRAND_TEXTS.unknownSet });
  }
}

function changes(before: BrandRecord, after: BrandFields): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(after) as (keyof BrandFields)[])
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
}

export function brandRoutes(context: ServerContext, sandbox: SampleSandbox): void {
  const { http: app, db } = context;

  registerEndpoint(app, trialBrandEndpoints.list, async () => ({
    ok: true,
    data: await listBrands(db),
  }));

  registerEndpoint(app, trialBrandEndpoints.options, async () => ({
    ok: true,
    data: { sample_sets: SAMPLE_SETS.map((set) => sandbox.summary(set)) },
  }));

  const found = async (id: number): Promise<BrandRow> => {
    const row = await findBrandRow(db, id);
    if (!row) throw new HttpError(404, BRAND_TEXTS.notFound(id));
    return row;
  };

  registerEndpoint(app, trialBrandEndpoints.create, async ({ body, user, request }) => {
    const id = await db
      .transaction(async (tx) => {
        await checkFields(tx, body);
        const brandId = await insertBrand(tx, body);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'trial_brand.create',
          target: { type: 'trial_brand', id: brandId },
          details: { ...body },
        });
        return brandId;
      })
      .catch(slugConflict);
    return { ok: true, data: await found(id) };
  });

  registerEndpoint(app, trialBrandEndpoints.update, async ({ body, user, request }) => {
    const { id, ...fields } = body;
    await db
      .transaction(async (tx) => {
        const before = await lockBrand(tx, id);
        if (!before) throw new HttpError(404, BRAND_TEXTS.notFound(id));
        await checkFields(tx, fields, id);
        const changed = changes(before, fields);
        if (Object.keys(changed).length === 0) return;
        await updateBrand(tx, id, fields);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'trial_brand.update',
          target: { type: 'trial_brand', id },
          details: { brand: fields.name, ...changed },
        });
      })
      .catch(slugConflict);
    return { ok: true, data: await found(id) };
  });

  registerEndpoint(app, trialBrandEndpoints.remove, async ({ body, user, request }) => {
    await db.transaction(async (tx) => {
      const brand = await lockBrand(tx, body.id);
      if (!brand) throw new HttpError(404, BRAND_TEXTS.notFound(body.id));
      await deleteBrand(tx, brand.id);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'trial_brand.delete',
        target: { type: 'trial_brand', id: brand.id },
        details: { slug: brand.slug, name: brand.name },
      });
    });
    return { ok: true, data: { id: body.id } };
  });
}
