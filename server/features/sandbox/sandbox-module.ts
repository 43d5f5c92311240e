import {
  SANDBOX_RUN_MINUTES,
  SANDBOX_TEXTS,
  sandboxEndpoints,
  type StartSandboxRunSchema,
} from '../../../src/contract/sandbox';
import type { ModeratedResult } from '../../../src/contract/content';
import type { z } from 'zod';
import { queryOne } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { UserRecord } from '../users/user-repository';
import { PollingLoop } from '../../workers/polling-loop';
import type { AiModule } from '../ai/ai-module';
import { recordAudit } from '../audit/audit-repository';
import { discardPicked } from '../content-tool/item-actions-repository';
import { answerInline, storeIngested } from '../ingest/ingest-items';
import type { ParsedIngestItem } from '../ingest/ingest-repository';
import { refuseSwitchedOff } from '../ingest/ingest-refusals';
import { storeSubmissions, submitTargets } from '../moderation/content-repository';
import type { ModerationSocket } from '../moderation/moderation-socket';
import { SUBMIT_MESSAGES, resultProblem } from '../moderation/moderation-routes';
import {
  forgottenRunsSql,
  leaseToSender,
  leaseUndecidedAiRuns,
  listRuns,
  prepareSandboxService,
  readRun,
  recordRun,
  runCreator,
} from './sandbox-repository';

/** How often the keeper looks at the runs (AI-mode samples to lease, forgotten ones). */
const KEEPER_MS = 2_000;
const LISTED_RUNS = 10;
/** Who the keeper's discards name. */
const KEEPER_ACTOR = { id: null, username: 'Dev Box' };

/**
 * /sandbox, the Dev Box (section_sandbox): a sample item sent through the real pipeline
 * (ingest, AI, queue, decision, delivery) as the sandbox service, delivered only to the
 * built-in receiver. The sample takes the ingest path every item takes (ingest-items.ts) and
 * is decided through the operators' submit path (storeSubmissions) or by the AI alone; see
 * sandbox-repository.ts for how it stays out of operators' hands.
 */
export function registerSandbox(
  context: ServerContext,
  deps: {
    ai: Pick<AiModule, 'forChoice' | 'askNow'>;
    moderation: Pick<ModerationSocket, 'itemsWithdrawn'>;
    wakeDelivery: () => void;
  },
): DomainLifecycle {
  const { http, db, log } = context;

  const runOrNotFound = async (id: number, user: UserRecord) => {
    const run = await readRun(db, id, user.id);
    if (!run) throw new HttpError(404, SANDBOX_TEXTS.runNotFound(id));
    return { ok: true as const, data: run };
  };

  registerEndpoint(http, sandboxEndpoints.options, async () => ({
    ok: true,
    data: {
      services: await db.query<{ id: number; code: string; name: string }>(
        'select id, code, name from services where not sandbox order by lower(name), id',
      ),
    },
  }));

  const sampleItem = (
    body: z.output<typeof StartSandboxRunSchema>,
    user: UserRecord,
    sourceCode: string,
  ): ParsedIngestItem => ({
    subscriber_id: 'dev-box',
    user_id: `dev-box-${user.id}`,
    username: user.username,
    notes: `Dev Box sample as ${sourceCode}`,
    message_type: 'text',
    content: body.text,
    file_url: null,
    content_additional_details: { dev_box: true, service: sourceCode, mode: body.mode },
  });

  registerEndpoint(http, sandboxEndpoints.start, async ({ body, user, request }) => {
    const unknown = () =>
      new HttpError(422, SANDBOX_TEXTS.unknownService, {
        service_id: SANDBOX_TEXTS.unknownService,
      });
    const source = await queryOne<{ code: string }>(
      db,
      'select code from services where id = $1 and not sandbox',
      [body.service_id],
    );
    if (!source) throw unknown();
    const sandbox = await db.transaction((tx) =>
      prepareSandboxService(tx, body.service_id, body.mode),
    );
    if (!sandbox) throw unknown();
    const item = sampleItem(body, user, source.code);
    await refuseSwitchedOff(db, sandbox, [item], () => JSON.stringify(body).slice(0, 20_000));
    const answers = await answerInline(deps.ai, sandbox, [item]);
    const { id, decided } = await db.transaction(async (tx) => {
      const [stored] = await storeIngested(tx, sandbox, [item], answers);
      if (stored === undefined) throw new Error('the sample was not stored');
      await recordRun(tx, {
        contentId: stored,
        userId: user.id,
        sourceId: body.service_id,
        mode: body.mode,
      });
      const state = await queryOne<{ status: string; ai_state: string }>(
        tx,
        'select status, ai_state from contents where id = $1',
        [stored],
      );
      // Operator mode: theirs at once. AI mode: theirs when the AI answered without deciding.
      if (body.mode === 'operator' || state?.ai_state !== 'pending') {
        await leaseToSender(tx, stored, user.id);
      }
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'sandbox.run',
        target: { type: 'content', id: stored },
        details: { service: source.code, mode: body.mode },
        ip: request.ip,
      });
      return { id: stored, decided: state?.status === 'decided' };
    });
    if (decided) deps.wakeDelivery();
    if (answers.suggestions[0] === undefined) {
      deps.ai
        .askNow()
        .catch((error: unknown) => log.error({ err: error }, 'Dev Box AI ask failed'));
    }
    return runOrNotFound(id, user);
  });

  registerEndpoint(http, sandboxEndpoints.runs, async ({ user }) => ({
    ok: true,
    data: await listRuns(db, user.id, LISTED_RUNS),
  }));

  registerEndpoint(http, sandboxEndpoints.run, ({ params, user }) =>
    runOrNotFound(params.id, user),
  );

  registerEndpoint(http, sandboxEndpoints.decide, async ({ params: { id }, body, user }) => {
    const run = await runCreator(db, id);
    if (!run) throw new HttpError(404, SANDBOX_TEXTS.runNotFound(id));
    if (run.created_by !== user.id) throw new HttpError(409, SANDBOX_TEXTS.notYours);
    const target = (await submitTargets(db, [id])).get(id);
    if (!target || target.status !== 'assigned' || target.assigned_to !== user.id) {
      throw new HttpError(409, SANDBOX_TEXTS.notDecidable);
    }
    const unknownTags = body.tags.filter((tag) => !target.tags.includes(tag));
    if (unknownTags.length > 0) {
      const message = `${unknownTags.map((tag) => `'${tag}'`).join(', ')} is not a tag of this item`;
      throw new HttpError(422, message, { tags: message });
    }
    const now = new Date().toISOString();
    // Every tag 1 or 0, as the moderation screen submits it, with the custom tag if any.
    const status = Object.fromEntries(
      target.tags.map((tag) => [tag, body.tags.includes(tag) ? 1 : 0]),
    ) as ModeratedResult['moderated_status'];
    if (body.additional) status.additional = body.additional;
    const result: ModeratedResult = {
      content_id: id,
      moderated_status: status,
      moderated_time: now,
      inbound_time: now,
      subscriber_id: 'dev-box',
      user_id: user.id,
      total_contents: 1,
      username: user.username,
      is_batch_moderator: false,
    };
    const problem = resultProblem(result, target);
    if (problem) throw new HttpError(422, problem, { tags: problem });
    const [stored] = await db.transaction((tx) =>
      storeSubmissions(tx, user.id, [{ result, key: null }]),
    );
    if (stored?.status !== 'stored') {
      throw new HttpError(409, SUBMIT_MESSAGES[stored?.status ?? 'unknown_content']);
    }
    deps.wakeDelivery();
    return runOrNotFound(id, user);
  });

  const keeper = new PollingLoop(
    'dev box keeper',
    async () => {
      await leaseUndecidedAiRuns(db);
      const discarded = await db.transaction((tx) =>
        discardPicked(tx, forgottenRunsSql(SANDBOX_RUN_MINUTES), KEEPER_ACTOR, {
          reason: `The Dev Box run was left undecided for ${SANDBOX_RUN_MINUTES} minutes.`,
          jobId: null,
        }),
      );
      if (discarded.holders.length > 0) deps.moderation.itemsWithdrawn(discarded.holders);
      if (discarded.ids.length > 0) deps.wakeDelivery();
      return { full: false };
    },
    { pollMs: KEEPER_MS, log },
  );

  return {
    start: () => keeper.start(),
    close: () => keeper.stop(),
  };
}
