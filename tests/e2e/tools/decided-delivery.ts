/**
 * Browser-test tool, run with runServerCli on a stopped server's data directory: points a
 * service's callback at the given URL and decides `--count` new items of it, each with its
 * delivery row, as the submit path writes them. The next start's worker sends them.
 *
 *   tsx tests/e2e/tools/decided-delivery.ts --service demo-chat --callback http://127.0.0.1:9/hook \
 *     --count 1
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open-database';
import { decideWithDelivery, insertTestContent, userId } from '../../support/delivery-fixtures';

const { values } = parseArgs({
  options: {
    service: { type: 'string' },
    callback: { type: 'string' },
    count: { type: 'string', default: '1' },
  },
});
const { service, callback } = values;
const count = Number(values.count);
if (!service || !callback || !Number.isInteger(count) || count < 1) {
  console.error('Usage: --service CODE --callback URL [--count N]');
  process.exit(2);
}

const db = await openDatabase(loadConfig());
try {
  const rows = await db.query<{ id: number }>(
    'update services set callback_url = $2 where code = $1 returning id',
    [service, callback],
  );
  const serviceId = rows[0]?.id;
  if (serviceId === undefined) throw new Error(`no service '${service}'`);
  const operator = await userId(db, 'operator');
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const contentId = await insertTestContent(db, serviceId, { content: `delivery test ${index}` });
    await decideWithDelivery(db, contentId, operator);
    ids.push(contentId);
  }
  console.log(JSON.stringify({ serviceId, contentIds: ids }));
} finally {
  await db.close();
}
