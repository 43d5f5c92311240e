/**
 * Browser-test tool, run with runServerCli on a stopped server's data directory: AI answers beside
 * operators' decisions for the two demo services over the last days (the agreement figures come
 * from the decisions, as the submit path keeps them), an item with a known disagreement, and one
 * whose AI step gave up. Prints the ids as JSON.
 *
 *   tsx tests/e2e/tools/ai-review-scene.ts
 */
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open-database';
import {
  seedAiItem,
  seedFailedAiItem,
  type AiItem,
  type Decision,
} from '../../support/ai-review-fixtures';
import { userId } from '../../support/delivery-fixtures';
import { SCENE_DISAGREEMENT, SCENE_FAILED } from '../support/ai-review-scene-texts';

const db = await openDatabase(loadConfig());
try {
  const services = await db.query<{ id: number; code: string; tags: string[] }>(
    `select id, code, tags from services where code in ('demo-chat', 'demo-social') order by code`,
  );
  const chat = services.find((service) => service.code === 'demo-chat');
  if (!chat) throw new Error('no demo-chat service: start the server in demo mode first');
  const operator = { id: await userId(db, 'operator'), username: 'operator' };
  const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const decision = (tags: string[], applied: string[]): Decision =>
    Object.fromEntries(tags.map((tag) => [tag, applied.includes(tag) ? 1 : 0])) as Decision;

  // A spread of agreements: the AI right, over-eager, missing a tag, and SAFE both ways.
  const plan: [string[], string[], number][] = [
    [['spam'], ['spam'], 340],
    [['SAFE'], [], 210],
    [['harassment'], ['harassment'], 880],
    [['spam', 'drugs'], ['spam'], 1240],
    [['SAFE'], ['hate_speech'], 460],
    [['drugs'], ['drugs'], 5600],
    [['SAFE'], [], 190],
    [['hate_speech'], ['harassment'], 720],
  ];
  for (const service of services) {
    for (const [index, [ai, applied, responseMs]] of plan.entries()) {
      const item: AiItem = {
        ai,
        arrival: hourAgo(3 + index * 7),
        responseMs,
        content: `Sample ${service.code} message ${index + 1}`,
        reasoning:
          ai[0] === 'SAFE' ? 'No word of any tag list occurs.' : `Matched ${ai.join(', ')}.`,
        decision: decision(
          service.tags,
          applied.filter((tag) => service.tags.includes(tag)),
        ),
      };
      await seedAiItem(db, service.id, operator, item);
    }
  }
  const disagreement = await seedAiItem(db, chat.id, operator, {
    ai: ['spam'],
    arrival: hourAgo(1),
    responseMs: 420,
    content: SCENE_DISAGREEMENT,
    reasoning: 'Matched word lists: spam (click here).',
    decision: decision(chat.tags, ['harassment']),
  });
  const undecided = await seedAiItem(db, chat.id, operator, {
    ai: ['drugs'],
    arrival: hourAgo(0.5),
    responseMs: 300,
    content: 'Scene: weed for sale',
  });
  const failed = await seedFailedAiItem(db, chat.id, operator, SCENE_FAILED);
  console.log(JSON.stringify({ disagreement, undecided, failed, serviceId: chat.id }));
} finally {
  await db.close();
}
