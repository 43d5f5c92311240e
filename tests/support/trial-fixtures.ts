/**
 * Data and checks for the demo and trial tests: a trial brand made through the admin endpoint,
 * and the queue's footprint, to show that sandbox and trial calls leave the real queue and the
 * services' deliveries untouched.
 */
import { randomBytes } from 'node:crypto';
import type { BrandFormInput, BrandRow } from '../../src/contract/trials';
import { trialBrandEndpoints } from '../../src/contract/trials';
import type { Queryable } from '../../server/db/database';
import type { TestClient } from './test-client';

export function brandForm(overrides: Partial<BrandFormInput> = {}): BrandFormInput {
  return {
    slug: `brand-${randomBytes(4).toString('hex')}`,
    name: 'Acme Social',
    primary_color: '#1D4ED8',
    accent_color: '#f59e0b',
    sample_set: 'social',
    headline: 'Try the console on Acme content',
    active: true,
    ...overrides,
  };
}

/** Creates a brand as `admin` (a client holding section_trial_brands) and answers its row. */
export async function createBrand(
  admin: TestClient,
  overrides: Partial<BrandFormInput> = {},
): Promise<BrandRow> {
  return (await admin.callOk(trialBrandEndpoints.create, { body: brandForm(overrides) })).data;
}

/** Rows of every table that holds queued items, their decisions and their deliveries. */
export const QUEUE_TABLES = [
  'contents',
  'moderation_results',
  'deliveries',
  'delivery_attempts',
  'demo_receiver_deliveries',
  'media_logs',
  'content_durations',
  'failed_content_requests',
  'ai_failures',
  'ingest_idempotency_keys',
] as const;

export async function queueFootprint(db: Queryable): Promise<Record<string, number>> {
  const footprint: Record<string, number> = {};
  for (const table of QUEUE_TABLES) {
    const [row] = await db.query<{ count: number }>(`select count(*)::int as count from ${table}`);
    footprint[table] = row?.count ?? 0;
  }
  return footprint;
}
