/**
 * Draws the app icons of manifest.webmanifest: the gold 'M' on a dark disc of public/favicon.svg.
 * The PNGs are committed as source assets; run this only to change them:
 *
 *   npx tsx scripts/generate-icons.ts
 *
 * No image library: shapes are filled by 4x4 supersampling and the PNG is encoded by hand
 * (RGBA, zlib from Node), which is all a flat two-colour mark needs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];
const GOLD: Rgba = [0xc9, 0xa2, 0x27, 255];
const DARK: Rgba = [0x15, 0x17, 0x1b, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** The 'M' in the favicon's 64-unit space (a geometric bold M, about 30 units tall). */
const LETTER_M: readonly (readonly [number, number])[] = [
  [18, 45],
  [18, 20],
  [24.5, 20],
  [32, 32.5],
  [39.5, 20],
  [46, 20],
  [46, 45],
  [40.5, 45],
  [40.5, 29.5],
  [34, 40],
  [30, 40],
  [23.5, 29.5],
  [23.5, 45],
];

function insidePolygon(x: number, y: number, polygon: typeof LETTER_M): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as readonly [number, number];
    const [xj, yj] = polygon[j] as readonly [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

interface Style {
  /** Fill the whole square dark (maskable) instead of a disc on transparent. */
  fullBleed: boolean;
  /** Scale of the mark around the centre; maskable icons keep it inside the 80% safe zone. */
  scale: number;
}

/** Colour of one point of the 64-unit design. */
function sample(x: number, y: number, style: Style): Rgba {
  // Map into the mark's own space, scaled around the centre.
  const mx = 32 + (x - 32) / style.scale;
  const my = 32 + (y - 32) / style.scale;
  const distance = Math.hypot(mx - 32, my - 32);
  if (insidePolygon(mx, my, LETTER_M)) return GOLD;
  if (distance <= 26.5) return DARK;
  if (distance <= 31.5) return GOLD;
  return style.fullBleed ? DARK : CLEAR;
}

function render(size: number, style: Style): Buffer {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const [cr, cg, cb, ca] = sample(x, y, style);
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const offset = (py * size + px) * 4;
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round(a / (samples * samples));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  // Each row starts with filter type 0 (none).
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, style: { fullBleed: false, scale: 1 } },
  { file: 'icon-512.png', size: 512, style: { fullBleed: false, scale: 1 } },
  // Maskable: the platform crops to a shape of its choosing; the mark stays in the safe zone.
  { file: 'icon-maskable-512.png', size: 512, style: { fullBleed: true, scale: 0.78 } },
] as const;

const outDir = path.resolve('public/icons');
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const png = encodePng(icon.size, render(icon.size, icon.style));
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
}
