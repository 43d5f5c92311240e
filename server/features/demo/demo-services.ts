import { queryOne, type Database, type Queryable } from '../../db/database';
import { demoCallbackPath } from '../delivery/demo-receiver';
import { countServices, createService, type NewService } from '../services/service-repository';
import { issueServiceToken } from '../services/service-token-repository';
import { setLinkedServices } from '../users/linked-services-repository';

/**
 * The demo client services: one strict (every item needs a tag, custom tags allowed), one
 * relaxed (may be submitted untagged, no custom tags). Their word lists drive the local AI.
 */
export const DEMO_SERVICES: NewService[] = [
  {
    code: 'demo-social',
    name: 'Demo Social',
    callbackUrl: demoCallbackPath('demo-social'),
    tags: ['nudity', 'violence', 'hate_speech', 'spam', 'self_harm', 'drugs'],
    submitWithoutTags: false,
    enableDynamicTags: true,
    aiWordLists: {
      nudity: ['nude', 'naked', 'nsfw'],
      violence: ['kill', 'fight', 'attack', 'gun', 'blood'],
      hate_speech: ['hate', 'vermin', 'go back where you came from'],
      spam: ['free money', 'click here', 'buy now', 'limited offer', 'winner'],
      self_harm: ['hurt myself', 'self harm', 'end it all'],
      drugs: ['pills', 'weed', 'cocaine', 'dealer'],
    },
  },
  {
    code: 'demo-chat',
    name: 'Demo Chat',
    callbackUrl: demoCallbackPath('demo-chat'),
    tags: ['spam', 'hate_speech', 'harassment', 'drugs'],
    submitWithoutTags: true,
    enableDynamicTags: false,
    aiWordLists: {
      spam: ['free money', 'click here', 'buy now', 'winner'],
      hate_speech: ['hate', 'vermin'],
      harassment: ['stupid', 'idiot', 'loser', 'shut up'],
      drugs: ['pills', 'weed', 'dealer'],
    },
  },
];

export interface SeededServices {
  /** Raw tokens of the seeded services, by service code: shown once, at the first start. */
  tokens: Record<string, string>;
}

/**
 * The demo customer reads this service's decisions on /customer-moderation, as a client of one
 * service would; the other demo service stays out of its sight.
 */
export const DEMO_CUSTOMER_SERVICE = 'demo-chat';

/**
 * Creates the demo services with one token each when the database has no services, and links
 * the demo customer (when it exists) to DEMO_CUSTOMER_SERVICE.
 */
export async function seedDemoServices(db: Database): Promise<SeededServices | undefined> {
  if ((await countServices(db)) > 0) return undefined;
  return db.transaction(async (tx) => {
    const tokens: Record<string, string> = {};
    for (const definition of DEMO_SERVICES) {
      const service = await createService(tx, definition);
      tokens[service.code] = (await issueServiceToken(tx, { serviceId: service.id })).token;
      if (service.code === DEMO_CUSTOMER_SERVICE) await linkDemoCustomer(tx, service.id);
    }
    return { tokens };
  });
}

async function linkDemoCustomer(db: Queryable, serviceId: number): Promise<void> {
  const customer = await queryOne<{ id: number }>(
    db,
    `select u.id from users u join roles r on r.id = u.role_id
      where u.username = 'customer' and r.name = 'customer'`,
  );
  if (customer) await setLinkedServices(db, customer.id, [serviceId]);
}
