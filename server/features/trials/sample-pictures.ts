import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput, HttpError } from '../../http/errors';
import { findSample, type SamplePicture } from './sample-sets';

/**
 * The pictures of the sample sets, drawn as SVG on request from their description in
 * sample-sets.ts (a photo, a screenshot of a message, a listing, a poster), so the sandbox needs
 * no network and no binary files. Served at SAMPLE_PICTURE_PREFIX/<sample id>.svg to anyone: they
 * are made-up sample content. Text is escaped; the pictures hold no script, and the console
 * shows them through <img>, where none would run.
 */
export const SAMPLE_PICTURE_PREFIX = '/trial-media/';

export function samplePicturePath(sampleId: number): string {
  return `${SAMPLE_PICTURE_PREFIX}${sampleId}.svg`;
}

const WIDTH = 640;
const HEIGHT = 480;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function text(x: number, y: number, size: number, fill: string, value: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-family="Inter, Arial, sans-serif" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(value)}</text>`;
}

function photo({ heading, palette: [sky, fg, sun] }: SamplePicture): string {
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fde7c4"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="470" cy="170" r="54" fill="${sun}"/>`,
    `<polygon points="0,380 150,210 260,330 360,190 520,360 640,260 640,480 0,480" fill="#3f5a74"/>`,
    `<polygon points="0,420 120,330 250,410 390,300 560,420 640,380 640,480 0,480" fill="#24384b"/>`,
    `<rect y="420" width="${WIDTH}" height="60" fill="#000" fill-opacity="0.45"/>`,
    text(24, 458, 24, fg, heading),
  ].join('');
}

function post({ heading, lines, palette: [bg, fg, accent] }: SamplePicture): string {
  const bubbleHeight = 36 + lines.length * 34;
  return [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>`,
    `<rect width="${WIDTH}" height="64" fill="#000" fill-opacity="0.25"/>`,
    `<circle cx="44" cy="32" r="18" fill="${accent}"/>`,
    text(76, 40, 22, fg, heading, 'font-weight="600"'),
    `<rect x="40" y="110" width="520" height="${bubbleHeight}" rx="22" fill="#fff" fill-opacity="0.1"/>`,
    ...lines.map((line, index) => text(68, 156 + index * 34, 24, fg, line)),
    text(40, 110 + bubbleHeight + 34, 16, fg, 'Sent just now', 'fill-opacity="0.6"'),
  ].join('');
}

function listing({ heading, lines, palette: [bg, fg, accent] }: SamplePicture): string {
  return [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>`,
    `<rect x="32" y="32" width="576" height="250" rx="16" fill="${accent}" fill-opacity="0.18"/>`,
    `<circle cx="200" cy="160" r="70" fill="none" stroke="${accent}" stroke-width="14"/>`,
    `<circle cx="440" cy="160" r="70" fill="none" stroke="${accent}" stroke-width="14"/>`,
    `<polyline points="200,160 290,90 380,160 440,160" fill="none" stroke="${fg}" stroke-width="10" stroke-linejoin="round"/>`,
    text(40, 330, 30, fg, heading, 'font-weight="700"'),
    ...lines.map((line, index) => text(40, 372 + index * 34, 22, fg, line)),
  ].join('');
}

function poster({ heading, lines, palette: [bg, fg, accent] }: SamplePicture): string {
  return [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>`,
    `<circle cx="560" cy="80" r="120" fill="${accent}" fill-opacity="0.35"/>`,
    `<circle cx="70" cy="430" r="90" fill="${accent}" fill-opacity="0.25"/>`,
    text(WIDTH / 2, 170, 40, fg, heading, 'font-weight="800" text-anchor="middle"'),
    ...lines.map((line, index) =>
      text(WIDTH / 2, 260 + index * 46, 30, fg, line, 'text-anchor="middle"'),
    ),
  ].join('');
}

const DRAW: Record<SamplePicture['kind'], (picture: SamplePicture) => string> = {
  photo,
  post,
  listing,
  poster,
};

export function samplePictureSvg(picture: SamplePicture): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${DRAW[picture.kind](picture)}</svg>`;
}

const ParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(99_999) });

export function samplePictureRoutes(app: FastifyInstance): void {
  app.get(`${SAMPLE_PICTURE_PREFIX}:id.svg`, async (request, reply) => {
    const { id } = parseInput(ParamsSchema, request.params);
    const picture = findSample(id)?.picture;
    if (!picture) throw new HttpError(404, `There is no sample picture ${id}.`);
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(samplePictureSvg(picture));
  });
}
