import { randomBytes } from 'node:crypto';
import type {
  ReceivedWebhook,
  SandboxMode,
  SandboxRun,
  SandboxRunSummary,
  SandboxStep,
} from '../../../src/contract/sandbox';
import { queryOne, type Queryable } from '../../db/database';
import { SANDBOX_RECEIVER_PREFIX } from '../delivery/demo-receiver';
import { createService, findServiceById, type ServiceRecord } from '../services/service-repository';

/**
 * The Dev Box's data. Rules:
 * - One sandbox service (services.sandbox) holds every sample item. Each run copies the chosen
 *   service's tags, labels, submit rules, word lists and AI provider onto it, and its decision
 *   rule from the run's mode, so the sample behaves as that service's item would. Its
 *   deliveries go to the built-in receiver whatever its callback says (delivery-repository.ts).
 *   Its priority is the lowest, so an operator is handed a sample only when nothing else waits.
 * - In operator mode the sample is leased to its sender in the transaction that stores it, for
 *   RUN_LEASE_MINUTES, outside the queue's claim: it is never on offer to operators. (Should
 *   its sender moderate on /moderation meanwhile, the sample shows there too and its lease
 *   follows theirs.) In AI mode it waits in the queue for the AI's answer; when the AI does not
 *   decide it alone, the Dev Box keeper leases it to its sender.
 * - A run left undecided for SANDBOX_RUN_MINUTES is discarded by the keeper.
 */
export const SANDBOX_SERVICE_CODE = 'dev-box';
export const SANDBOX_SERVICE_NAME = 'Dev Box (sandbox)';
/** Longer than SANDBOX_RUN_MINUTES: the keeper discards a forgotten run before it lapses. */
export const RUN_LEASE_MINUTES = 20;
const LOWEST_PRIORITY = -1000;
/** Serialises the first creation of the sandbox service (any number no other code uses). */
const SANDBOX_SERVICE_LOCK = 7_300_002;

/** The sandbox service, made the first time, with the source service's settings and the mode. */
export async function prepareSandboxService(
  tx: Queryable,
  sourceId: number,
  mode: SandboxMode,
): Promise<ServiceRecord | undefined> {
  await tx.query('select pg_advisory_xact_lock($1)', [SANDBOX_SERVICE_LOCK]);
  let sandbox = await queryOne<{ id: number }>(tx, 'select id from services where sandbox');
  if (!sandbox) {
    const taken = await queryOne(tx, 'select 1 from services where code = $1', [
      SANDBOX_SERVICE_CODE,
    ]);
    const code = taken
      ? `${SANDBOX_SERVICE_CODE}-${randomBytes(3).toString('hex')}`
      : SANDBOX_SERVICE_CODE;
    const created = await createService(tx, {
      code,
      name: SANDBOX_SERVICE_NAME,
      tags: [],
      submitWithoutTags: true,
      enableDynamicTags: false,
    });
    await tx.query('update services set sandbox = true where id = $1', [created.id]);
    sandbox = { id: created.id };
  }
  const updated = await tx.query(
    `update services t
        set tags = s.tags, tag_labels = s.tag_labels, submit_without_tags = s.submit_without_tags,
            enable_dynamic_tags = s.enable_dynamic_tags, ai_provider = s.ai_provider,
            ai_word_lists = s.ai_word_lists, active = true, priority = ${LOWEST_PRIORITY},
            ai_decides_alone = case when $3 = 'ai' then 'safe' else 'never' end,
            callback_url = $4 || t.code, delivery_paused_at = null, delivery_disabled_at = null,
            updated_at = now()
       from services s
      where t.id = $1 and s.id = $2 and not s.sandbox
     returning t.id`,
    [sandbox.id, sourceId, mode, SANDBOX_RECEIVER_PREFIX],
  );
  if (updated.length === 0) return undefined;
  return findServiceById(tx, sandbox.id);
}

export async function recordRun(
  tx: Queryable,
  run: { contentId: number; userId: number; sourceId: number; mode: SandboxMode },
): Promise<void> {
  await tx.query(
    `insert into sandbox_runs (content_id, created_by, source_service_id, mode)
     values ($1, $2, $3, $4)`,
    [run.contentId, run.userId, run.sourceId, run.mode],
  );
}

/** Leases a waiting sample to its sender (see the rules above); answers whether it did. */
export async function leaseToSender(
  tx: Queryable,
  contentId: number,
  userId: number,
): Promise<boolean> {
  const rows = await tx.query(
    `update contents
        set status = 'assigned', assigned_to = $2, last_assigned_to = $2, assigned_at = now(),
            lease_expires_at = now() + ${RUN_LEASE_MINUTES} * interval '1 minute'
      where id = $1 and status = 'pending'
     returning id`,
    [contentId, userId],
  );
  return rows.length > 0;
}

/**
 * AI-mode samples the AI answered without deciding them alone, still waiting: leased to their
 * senders. Answers how many.
 */
export async function leaseUndecidedAiRuns(db: Queryable): Promise<number> {
  const rows = await db.query(
    `update contents c
        set status = 'assigned', assigned_to = r.created_by, last_assigned_to = r.created_by,
            assigned_at = now(),
            lease_expires_at = now() + ${RUN_LEASE_MINUTES} * interval '1 minute'
       from sandbox_runs r
      where r.content_id = c.id and r.mode = 'ai' and r.created_by is not null
        and c.status = 'pending' and c.ai_state <> 'pending'
        and r.created_at > now() - interval '1 day'
     returning c.id`,
  );
  return rows.length;
}

/** The select of undecided samples older than `minutes`, locking them, for discardPicked. */
export function forgottenRunsSql(minutes: number): { sql: string; params: unknown[] } {
  return {
    sql: `select c.id from sandbox_runs r join contents c on c.id = r.content_id
           where r.created_at < now() - $1 * interval '1 minute'
             and r.created_at > now() - interval '7 days'
             and c.status in ('pending', 'assigned')
           limit 100
           for update of c skip locked`,
    params: [minutes],
  };
}

export async function runCreator(
  db: Queryable,
  contentId: number,
): Promise<{ created_by: number | null } | undefined> {
  return queryOne<{ created_by: number | null }>(
    db,
    'select created_by from sandbox_runs where content_id = $1',
    [contentId],
  );
}

interface RunRow {
  id: number;
  mode: SandboxMode;
  source_id: number | null;
  source_code: string | null;
  source_name: string | null;
  created_by: number | null;
  creator: string | null;
  created_at: Date;
  content: string;
  tags: string[];
  submit_without_tags: boolean;
  enable_dynamic_tags: boolean;
  status: 'pending' | 'assigned' | 'decided';
  assigned_to: number | null;
  assigned_at: Date | null;
  holder: string | null;
  ai_state: 'pending' | 'done' | 'failed' | 'none';
  ai_answered_at: Date | null;
  ai_moderated_status: unknown;
  ai_response_time: number | null;
  ai_provider: string | null;
  ai_failure: string | null;
  decision_source: 'human' | 'ai' | 'discard' | null;
  decided_at: Date | null;
  decided_by_name: string | null;
  discarded_by_name: string | null;
  moderated_status: Record<string, unknown> | null;
}

interface DeliveryRow {
  webhook_id: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  last_code: string | null;
  created_at: Date;
  delivered_at: Date | null;
  last_attempt_at: Date | null;
  type: string | null;
}

export async function readRun(
  db: Queryable,
  contentId: number,
  viewerId: number,
): Promise<SandboxRun | undefined> {
  const run = await queryOne<RunRow>(
    db,
    `select c.id, r.mode, src.id as source_id, src.code as source_code, src.name as source_name,
            r.created_by, cu.username as creator, r.created_at, c.content, s.tags,
            s.submit_without_tags, s.enable_dynamic_tags, c.status, c.assigned_to,
            c.assigned_at, hu.username as holder, c.ai_state, c.ai_answered_at,
            c.ai_moderated_status, c.ai_response_time,
            c.ai_other_details ->> 'provider' as ai_provider,
            f.ai_status as ai_failure, c.decision_source, c.decided_at,
            du.username as decided_by_name, xu.username as discarded_by_name, c.moderated_status
       from sandbox_runs r
       join contents c on c.id = r.content_id
       join services s on s.id = c.service_id
       left join services src on src.id = r.source_service_id
       left join users cu on cu.id = r.created_by
       left join users hu on hu.id = c.assigned_to
       left join users du on du.id = c.decided_by
       left join users xu on xu.id = c.discarded_by
       left join ai_failures f on f.content_id = c.id
      where r.content_id = $1`,
    [contentId],
  );
  if (!run) return undefined;
  const delivery = await queryOne<DeliveryRow>(
    db,
    `select webhook_id, status, attempts, last_code, created_at, delivered_at, last_attempt_at,
            body::jsonb ->> 'type' as type
       from deliveries where content_id = $1 and superseded_at is null`,
    [contentId],
  );
  const received = await db.query<{
    received_at: Date;
    webhook_id: string;
    headers: Record<string, string> | null;
    body: string;
    signature_valid: boolean;
    answered_status: number | null;
  }>(
    `select received_at, webhook_id, headers, body, signature_valid, answered_status
       from demo_receiver_deliveries
      where webhook_id in (select webhook_id from deliveries where content_id = $1)
      order by received_at, id limit 20`,
    [contentId],
  );
  const webhooks: ReceivedWebhook[] = received.map((row) => ({
    received_at: new Date(row.received_at).toISOString(),
    webhook_id: row.webhook_id,
    headers: row.headers ?? {},
    body: row.body,
    verified: row.signature_valid,
    answered_status: row.answered_status,
  }));
  // The steps follow the current delivery; webhooks of a decision taken back stay listed.
  const current = webhooks.filter((webhook) => webhook.webhook_id === delivery?.webhook_id);
  const steps = stepsOf(run, delivery, current, viewerId);
  const verified = current.some((webhook) => webhook.verified);
  return {
    id: Number(run.id),
    mode: run.mode,
    service:
      run.source_id !== null
        ? { id: run.source_id, code: run.source_code ?? '', name: run.source_name ?? '' }
        : null,
    created_by: run.creator,
    created_at: new Date(run.created_at).toISOString(),
    text: run.content,
    tags: run.tags,
    submit_without_tags: run.submit_without_tags,
    enable_dynamic_tags: run.enable_dynamic_tags,
    ai_tags: Array.isArray(run.ai_moderated_status) ? run.ai_moderated_status.map(String) : null,
    steps,
    received: webhooks,
    decidable: run.status === 'assigned' && run.assigned_to === viewerId,
    // Received before the worker records the answer: finished once both are in.
    finished:
      (verified && delivery?.status === 'delivered') ||
      delivery?.status === 'failed' ||
      (run.status === 'decided' && delivery === undefined),
  };
}

function tagsText(status: Record<string, unknown> | null): string {
  if (!status) return 'no tag';
  const tags = Object.entries(status)
    .filter(([name, value]) => name !== 'additional' && value === 1)
    .map(([name]) => name);
  const custom = typeof status.additional === 'string' && status.additional.trim();
  if (custom) tags.push(`custom "${custom}"`);
  return tags.length > 0 ? tags.join(', ') : 'no tag';
}

function aiTagsText(value: unknown): string {
  if (!Array.isArray(value)) return 'no answer';
  const tags = value.map(String).filter((tag) => tag !== 'SAFE');
  return tags.length > 0 ? tags.join(', ') : 'safe, no tag';
}

/** What each step of the pipeline shows, from the item, its delivery and what was received. */
function stepsOf(
  run: RunRow,
  delivery: DeliveryRow | undefined,
  received: ReceivedWebhook[],
  viewerId: number,
): SandboxStep[] {
  const decided = run.status === 'decided';
  const step = (
    key: SandboxStep['key'],
    state: SandboxStep['state'],
    at: Date | string | null,
    detail: string,
  ): SandboxStep => ({ key, state, at: at === null ? null : new Date(at).toISOString(), detail });

  const ingested = step(
    'ingested',
    'done',
    run.created_at,
    `Stored as item #${run.id} of the sandbox service, with the settings of ${run.source_name ?? 'a deleted service'}.`,
  );

  const ai =
    run.ai_state === 'none'
      ? step('ai', 'skipped', null, 'The service has no AI step.')
      : run.ai_state === 'pending'
        ? step('ai', 'active', null, 'Waiting for the AI provider to answer.')
        : run.ai_state === 'failed'
          ? step('ai', 'failed', null, `The AI gave up (${run.ai_failure ?? 'no answer'}).`)
          : step(
              'ai',
              'done',
              run.ai_answered_at,
              `${run.ai_provider ?? 'The AI'} suggested: ${aiTagsText(run.ai_moderated_status)}` +
                (run.ai_response_time !== null ? ` (${run.ai_response_time.toFixed(2)} s).` : '.'),
            );

  const byAi = decided && run.decision_source === 'ai';
  const queue =
    run.status === 'assigned'
      ? step(
          'queue',
          'done',
          run.assigned_at,
          run.assigned_to === viewerId
            ? "Leased to you: it is on nobody else's screen."
            : `Leased to ${run.holder ?? 'an operator'}.`,
        )
      : byAi
        ? step('queue', 'skipped', null, 'The AI decided it alone: it never reached an operator.')
        : decided
          ? step(
              'queue',
              'done',
              run.assigned_at,
              `It was leased to ${run.holder ?? run.decided_by_name ?? 'an operator'}.`,
            )
          : step('queue', 'active', null, 'Waiting in the queue.');

  const decision = !decided
    ? run.status === 'assigned'
      ? step(
          'decision',
          'active',
          null,
          run.assigned_to === viewerId
            ? 'Waiting for your decision: choose the tags below and submit.'
            : 'Waiting for the operator who holds it.',
        )
      : step('decision', 'waiting', null, 'Not decided yet.')
    : run.decision_source === 'discard'
      ? step(
          'decision',
          'done',
          run.decided_at,
          `Discarded by ${run.discarded_by_name ?? 'the Dev Box'}: no decision.`,
        )
      : run.decision_source === 'ai'
        ? step('decision', 'done', run.decided_at, 'Decided by the AI alone: every tag 0.')
        : step(
            'decision',
            'done',
            run.decided_at,
            `Decided by ${run.decided_by_name ?? 'an operator'}: ${tagsText(run.moderated_status)}.`,
          );

  const type = delivery?.type ?? 'content.moderated';
  const deliveryStep = !delivery
    ? step('delivery', 'waiting', null, 'Queued once the item is decided.')
    : delivery.status === 'delivered'
      ? step(
          'delivery',
          'done',
          delivery.delivered_at,
          `${type} delivered after ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'} (${delivery.last_code ?? ''}).`,
        )
      : delivery.status === 'failed'
        ? step(
            'delivery',
            'failed',
            delivery.last_attempt_at,
            `Given up after ${delivery.attempts} attempts (${delivery.last_code ?? 'no answer'}).`,
          )
        : delivery.last_code
          ? step(
              'delivery',
              'active',
              delivery.last_attempt_at,
              `Attempt ${delivery.attempts} answered ${delivery.last_code}: retrying.`,
            )
          : step('delivery', 'active', delivery.created_at, `${type} queued for sending.`);

  const last = received.at(-1);
  const receivedStep = !last
    ? step('received', 'waiting', null, 'Nothing received yet.')
    : last.verified
      ? step('received', 'done', last.received_at, 'Received; the signature verified.')
      : step('received', 'failed', last.received_at, 'Received; the signature did NOT verify.');

  return [ingested, ai, queue, decision, deliveryStep, receivedStep];
}

export async function listRuns(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<SandboxRunSummary[]> {
  const rows = await db.query<{
    id: number;
    mode: SandboxMode;
    service_name: string | null;
    created_at: Date;
    status: 'pending' | 'assigned' | 'decided';
    ai_state: string;
    delivery_status: string | null;
    attempts: number | null;
    verified: boolean | null;
  }>(
    `select r.content_id as id, r.mode, src.name as service_name, r.created_at, c.status,
            c.ai_state, d.status as delivery_status, d.attempts,
            (select bool_or(x.signature_valid) from demo_receiver_deliveries x
              where x.webhook_id = d.webhook_id) as verified
       from sandbox_runs r
       join contents c on c.id = r.content_id
       left join services src on src.id = r.source_service_id
       left join deliveries d on d.content_id = c.id and d.superseded_at is null
      where r.created_by = $1
      order by r.created_at desc, r.content_id desc
      limit $2`,
    [userId, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    mode: row.mode,
    service_name: row.service_name,
    created_at: new Date(row.created_at).toISOString(),
    reached:
      row.verified !== null
        ? 'received'
        : row.delivery_status !== null && (row.attempts ?? 0) > 0
          ? 'delivery'
          : row.status === 'decided'
            ? 'decision'
            : row.status === 'assigned'
              ? 'queue'
              : row.ai_state === 'done' || row.ai_state === 'failed'
                ? 'ai'
                : 'ingested',
    verified: row.verified,
  }));
}
