import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors';
import { fromRoot } from '../../paths';

/**
 * Sample media of the demo feeder, served by this server so demo mode needs no network:
 * short clips shipped in ./media (made once with ffmpeg; not needed at run time) and SVG
 * pictures drawn on request. Public: they hold nothing but test patterns.
 */
export const DEMO_MEDIA_PREFIX = '/demo-media/';
const MEDIA_DIR = fromRoot('server', 'features', 'demo', 'media');

export const DEMO_VIDEOS = ['clip-testcard.webm', 'clip-fractal.webm', 'clip-life.mp4'] as const;
export const DEMO_IMAGE_COUNT = 24;
/** The voice and call sample: 3 s of 8 kHz 8-bit mono WAV (24 KB), tones in word-like bursts. */
export const DEMO_AUDIO = 'voice-message.wav';

const PALETTE = ['#d4a017', '#2f6fb0', '#b03a2e', '#1e8449', '#7d3c98', '#ca6f1e', '#17a589'];
const SUBJECTS = ['Sunset', 'Street', 'Portrait', 'Poster', 'Meme', 'Screenshot', 'Product'];

/** A deterministic picture per number: a few shapes and a caption. */
export function demoSvg(n: number): string {
  const color = (k: number) => PALETTE[(n * 3 + k) % PALETTE.length] ?? '#888';
  const subject = SUBJECTS[n % SUBJECTS.length] ?? 'Picture';
  const circles = Array.from({ length: 5 }, (_, k) => {
    const x = 40 + ((n * 53 + k * 97) % 560);
    const y = 40 + ((n * 31 + k * 71) % 340);
    const r = 20 + ((n + k * 13) % 60);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color(k + 2)}" fill-opacity="0.7"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<rect width="640" height="480" fill="${color(0)}"/>
<rect x="40" y="300" width="560" height="140" rx="16" fill="${color(1)}" fill-opacity="0.8"/>
${circles}
<text x="320" y="390" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">${subject} #${n}</text>
</svg>`;
}

export async function demoMediaRoutes(app: FastifyInstance): Promise<void> {
  // Sample content stands in for media on the services' own hosts, and its links name
  // PUBLIC_URL or localhost, which need not be the origin a demo is opened at: it may be loaded
  // cross-origin, unlike the console's own files (server/http/security-headers.ts).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(DEMO_MEDIA_PREFIX)) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
  // Its own instance: the SPA owns reply.sendFile (when a build exists), so no decorator here.
  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: DEMO_MEDIA_PREFIX,
    decorateReply: false,
    acceptRanges: true,
    cacheControl: true,
    maxAge: '1d',
  });

  const ParamsSchema = z.object({
    n: z.coerce
      .number()
      .int()
      .min(0, 'must be 0 or more')
      .max(DEMO_IMAGE_COUNT - 1),
  });
  app.get(`${DEMO_MEDIA_PREFIX}images/:n.svg`, async (request, reply) => {
    const { n } = parseInput(ParamsSchema, request.params);
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(demoSvg(n));
  });
}
