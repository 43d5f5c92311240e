/**
 * Browser-test tool, run with runServerCli on a stopped server's data directory: writes decided
 * items of the demo services as a day of work leaves them (arrival, AI answer, assignment, load
 * and decision times, tags, a video's media log, delivery attempts), and links the demo customer
 * to Demo Chat. For pictures of the moderation history.
 *
 *   tsx tests/e2e/tools/history-items.ts --count 12
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open-database';
import { insertTestContent, userId } from '../../support/delivery-fixtures';

const { values } = parseArgs({ options: { count: { type: 'string', default: '12' } } });
const count = Number(values.count);

const SAMPLES = [
  { type: 'text', content: 'Win a FREE phone, click here now!!!', tags: { spam: 1 } },
  { type: 'text', content: 'See you at the match on Saturday', tags: {} },
  { type: 'video', content: 'https://example.com/media/clip.mp4', tags: { violence: 1 } },
  { type: 'image', content: 'https://example.com/media/photo.jpg', tags: { nudity: 1 } },
  { type: 'text', content: 'Cheap pills, no prescription', tags: { drugs: 1, spam: 1 } },
] as const;

const db = await openDatabase(loadConfig());
try {
  const services = await db.query<{ id: number; code: string }>(
    "select id, code from services where code in ('demo-chat', 'demo-social') order by code",
  );
  const operator = await userId(db, 'operator');
  const batch = await userId(db, 'batch');
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const service = services[index % services.length];
    const sample = SAMPLES[index % SAMPLES.length];
    if (!service || !sample) continue;
    const id = await insertTestContent(db, service.id, {
      messageType: sample.type,
      content: sample.content,
    });
    const ai = index % 4 === 3;
    // Decided `index` quarter-hours ago; each step a little after the one before.
    await db.query(
      `update contents set status = 'decided',
              bound_time = d - interval '95 seconds', ai_state = 'done',
              ai_moderated_status = $3::jsonb, ai_response_time = 1.8,
              ai_other_details = '{"reasoning": "Matched the service word list", "provider": "local"}',
              ai_answered_at = d - interval '93 seconds',
              assigned_at = case when $5 then null else d - interval '60 seconds' end,
              loaded_at = case when $5 then null else d - interval '41 seconds' end,
              assigned_to = case when $5 then null else $4::int end,
              decided_by = case when $5 then null else $4::int end, decided_at = d,
              decision_source = case when $5 then 'ai' else 'human' end,
              moderated_status = $6::jsonb
         from (select now() - $2::int * interval '15 minutes' as d) t
        where id = $1`,
      [
        id,
        index,
        JSON.stringify(Object.keys(sample.tags).length ? Object.keys(sample.tags) : ['SAFE']),
        index % 3 === 0 ? batch : operator,
        ai,
        JSON.stringify(ai ? {} : sample.tags),
      ],
    );
    if (sample.type === 'video') {
      await db.query(
        `insert into media_logs (user_id, content_id, action, on_enlarged, media_time, duration,
                                 created_at)
         select $2, $1, a, false, t, 14.2, c.decided_at - interval '30 seconds' + t * interval '1 second'
           from contents c, (values ('play', 0.0), ('pause', 6.4), ('seek', 9.0), ('end', 14.2)) v(a, t)
          where c.id = $1`,
        [id, operator],
      );
    }
    const failed = index % 5 === 1;
    const [delivery] = await db.query<{ id: number }>(
      `insert into deliveries (content_id, service_id, webhook_id, body, status, attempts,
                               delivered_at, last_attempt_at)
       select id, service_id, 'msg_history_' || id, '{}', $2, $3,
              case when $2 = 'delivered' then decided_at + interval '2 seconds' end,
              decided_at + interval '2 seconds'
         from contents where id = $1
       returning id`,
      [id, failed ? 'failed' : 'delivered', failed ? 3 : index % 2 === 0 ? 2 : 1],
    );
    const attempts = failed
      ? [
          [503, null, 'receiver is down for upkeep'],
          [null, 'TIMEOUT', 'no answer within 15 s'],
          [502, null, 'Bad gateway'],
        ]
      : index % 2 === 0
        ? [
            [503, null, 'receiver is down for upkeep'],
            [200, null, '{"ok":true}'],
          ]
        : [[200, null, '{"ok":true}']];
    for (const [n, [status, error, excerpt]] of attempts.entries()) {
      await db.query(
        `insert into delivery_attempts (delivery_id, service_id, attempt, attempted_at, status_code,
                                        error_code, latency_ms, response_excerpt)
         select $1, service_id, $2, decided_at + $2::int * interval '1 second', $3, $4, $5, $6
           from contents where id = $7`,
        [delivery?.id, n + 1, status, error, 40 + n * 230, excerpt, id],
      );
    }
    ids.push(id);
  }
  await db.query(
    `insert into user_services (user_id, service_id)
     select u.id, s.id from users u, services s
      where u.username = 'customer' and s.code = 'demo-chat' on conflict do nothing`,
  );
  console.log(JSON.stringify({ contentIds: ids }));
} finally {
  await db.close();
}
