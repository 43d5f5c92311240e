import type { FastifyBaseLogger } from 'fastify';
import { ingestEndpoints, type IngestItem } from '../../../src/contract/content';
import type { Database } from '../../db/database';
import { countPendingContents } from '../ingest/ingest-repository';
import { findServiceByCode } from '../services/service-repository';
import { deleteTokensByLabel, issueServiceToken } from '../services/service-token-repository';
import { DEMO_AUDIO, DEMO_IMAGE_COUNT, DEMO_MEDIA_PREFIX, DEMO_VIDEOS } from './demo-media';
import { DEMO_SERVICES } from './demo-services';

/**
 * Demo mode's client services: every few seconds, while the pending queue is below its target,
 * pushes a mix of pictures, short videos, texts and audio of every channel through the real ingest API over HTTP with a
 * real service token, so demo operators always have work and the queue never grows unbounded.
 * The token is its own, made at start and held only in memory.
 */
const FEEDER_TOKEN_LABEL = 'demo-feeder';
const MAX_BATCH = 10;

const TEXTS = [
  'Good morning everyone, the match starts at eight tonight!',
  'Click here for free money, limited offer, buy now!!!',
  'I will fight anyone who says pineapple belongs on pizza.',
  'Anyone selling pills near the station? Need a dealer.',
  'Lovely weather for a walk in the park with the dog.',
  'You are such an idiot, shut up already.',
  'Some days I just want to hurt myself, it is all too much.',
  'These people are vermin, I hate them all.',
  'Check out my new recipe for lemon cake.',
  'Congratulations, you are our lucky winner, click here.',
  'The concert was amazing, best night of the year.',
  'Posting nsfw pictures later, stay tuned.',
];

export interface DemoFeeder {
  stop(): Promise<void>;
}

export interface DemoFeederOptions {
  db: Database;
  /** Base URL of this server as seen from itself, e.g. http://127.0.0.1:8080. */
  selfUrl: string;
  /** Base URL that browsers use for the sample media. */
  mediaBaseUrl: string;
  queueTarget: number;
  intervalMs: number;
  log: FastifyBaseLogger;
}

export function sampleItems(count: number, sequence: number, mediaBaseUrl: string): IngestItem[] {
  return Array.from({ length: count }, (_, k) => {
    const n = sequence + k;
    const item = plainItem(n, mediaBaseUrl);
    return withChannel(item, n, mediaBaseUrl);
  });
}

function plainItem(n: number, mediaBaseUrl: string): IngestItem {
  const subscriber = `subscriber-${(n % 7) + 1}`;
  const base = {
    subscriber_id: subscriber,
    user_id: `member-${(n * 13) % 97}`,
    username: `member${(n * 13) % 97}`,
    notes: n % 5 === 0 ? 'Reported by another member' : null,
    content_additional_details: { source: 'demo feeder', sequence: n, reports: n % 4 },
  };
  const kind = n % 5;
  if (kind === 0 || kind === 3) {
    return {
      ...base,
      message_type: 'image' as const,
      content: `${mediaBaseUrl}${DEMO_MEDIA_PREFIX}images/${n % DEMO_IMAGE_COUNT}.svg`,
    };
  }
  if (kind === 1) {
    const url = `${mediaBaseUrl}${DEMO_MEDIA_PREFIX}${DEMO_VIDEOS[n % DEMO_VIDEOS.length]}`;
    return { ...base, message_type: 'video' as const, content: url, file_url: url };
  }
  return { ...base, message_type: 'text' as const, content: TEXTS[n % TEXTS.length] ?? 'Hello' };
}

/**
 * Every channel comes in each run of eight items: a chat line of a short conversation, an
 * inbox message of a thread, a post with its counts, a voice message and a call recording (the
 * shipped sample, with a transcript); the other three (videos among them) have no channel.
 */
function withChannel(item: IngestItem, n: number, mediaBaseUrl: string): IngestItem {
  const audio = `${mediaBaseUrl}${DEMO_MEDIA_PREFIX}${DEMO_AUDIO}`;
  const transcript = TRANSCRIPTS[n % TRANSCRIPTS.length] ?? '';
  switch (n % 8) {
    case 2:
      return {
        ...asText(item, n),
        channel: 'chat',
        // A few conversations per subscriber, so the context shows earlier lines.
        conversation_id: `chat-${item.subscriber_id}-${n % 2}`,
      };
    case 4:
      return {
        ...asText(item, n),
        channel: 'inbox',
        inbox: {
          sender: `${item.username}@members.example`,
          recipient: `member${(n * 7) % 97}@members.example`,
          thread_id: `thread-${n % 3}`,
          subject: SUBJECTS[n % SUBJECTS.length] ?? '',
        },
      };
    case 5:
      return {
        ...item,
        message_type: 'image',
        content: `${mediaBaseUrl}${DEMO_MEDIA_PREFIX}images/${n % DEMO_IMAGE_COUNT}.svg`,
        file_url: null,
        channel: 'social',
        social: {
          likes: (n * 37) % 1500,
          shares: (n * 11) % 90,
          comments: (n * 5) % 60,
          media: [`${mediaBaseUrl}${DEMO_MEDIA_PREFIX}images/${(n + 1) % DEMO_IMAGE_COUNT}.svg`],
        },
      };
    case 7:
    case 0:
      return {
        ...item,
        message_type: 'audio',
        content: audio,
        file_url: audio,
        channel: n % 8 === 7 ? 'voice' : 'calls',
        transcript,
      };
    default:
      return item;
  }
}

/** The item as a text message of the sample texts: chat lines and inbox messages are text. */
function asText(item: IngestItem, n: number): IngestItem {
  return {
    ...item,
    message_type: 'text',
    content: TEXTS[n % TEXTS.length] ?? 'Hello',
    file_url: null,
  };
}

const SUBJECTS = ['Your order', 'Meeting tomorrow', 'Re: the photos', 'Urgent!!!', 'Hello'];

const TRANSCRIPTS = [
  'Hi, it is me again. Call me back when you get this, I have the tickets for Saturday.',
  'Listen, if you do not pay by Friday you will regret it. I know where you live.',
  'Good afternoon, this is a reminder of your appointment on Tuesday at ten.',
  'Hey, want to buy some pills? Cheap, meet me behind the station tonight.',
];

export async function startDemoFeeder(options: DemoFeederOptions): Promise<DemoFeeder> {
  const { db, log } = options;
  const tokens = new Map<string, string>();
  for (const definition of DEMO_SERVICES) {
    const service = await findServiceByCode(db, definition.code);
    if (!service) continue;
    // Tokens of earlier starts are useless (their raw value is gone): replace, not pile up.
    await deleteTokensByLabel(db, service.id, FEEDER_TOKEN_LABEL);
    const issued = await issueServiceToken(db, {
      serviceId: service.id,
      label: FEEDER_TOKEN_LABEL,
    });
    tokens.set(service.code, issued.token);
  }
  const services = [...tokens.entries()];
  let sequence = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const controller = new AbortController();

  const feedOnce = async () => {
    const pending = await countPendingContents(db);
    const missing = Math.min(MAX_BATCH, options.queueTarget - pending);
    if (missing <= 0 || services.length === 0) return;
    const [code, token] = services[sequence % services.length] ?? ['', ''];
    const items = sampleItems(missing, sequence, options.mediaBaseUrl);
    sequence += missing;
    const response = await fetch(new URL(ingestEndpoints.submit.path, options.selfUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(items),
      signal: controller.signal,
    });
    if (response.status !== 202) {
      log.warn({ status: response.status, service: code }, 'demo feeder ingest refused');
    }
  };

  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(feedOnce).catch((error: unknown) => {
      if (!stopped) log.warn({ err: error }, 'demo feeder round failed');
    });
  }, options.intervalMs);
  timer.unref();
  // The first round at once, so a fresh demo has work before the first interval.
  running = feedOnce().catch((error: unknown) => log.warn({ err: error }, 'demo feeder failed'));

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
