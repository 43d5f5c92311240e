import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response, set first so that even an early answer (maintenance 503,
 * a refused CSRF check, 404) carries them:
 * - Content-Security-Policy: scripts only from this origin plus the inline scripts of the pages
 *   we serve, allowed by their SHA-256 hash (computed at start from the very files served, so a
 *   changed page cannot drift from its policy). Styles may be inline: the toast library injects
 *   a <style> element at run time, and a hash would not survive its next release. Images and
 *   media come from anywhere over http(s): moderated content lives on the services' own hosts.
 *   Connections go to this origin and its socket.io websocket. Nobody may frame the console.
 * - X-Content-Type-Options nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer (a reset
 *   link carries its token in the URL, and content hosts need not learn what operators open),
 *   Cross-Origin-Opener/Resource-Policy same-origin, and a Permissions-Policy that turns off the
 *   device features the console never uses.
 * - Strict-Transport-Security only under https: over plain http it would be meaningless at
 *   best, and would lock a demo on localhost into https at worst.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/** CSP source expressions for the inline <script> elements of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    /** The HTML of every page served with inline scripts (index.html, the maintenance page). */
    pages: string[];
    publicUrl: string | undefined;
  },
): Promise<void> {
  const scriptHashes = [...new Set(options.pages.flatMap(inlineScriptHashes))];
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const https = publicOrigin?.protocol === 'https:';
  // 'self' covers the websocket in current browsers; the explicit origin covers older ones.
  // Without PUBLIC_URL (demo, development) the host users type is not known in advance.
  const socketSources = publicOrigin
    ? [`${https ? 'wss' : 'ws'}://${publicOrigin.host}`]
    : ['ws:', 'wss:'];

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", ...socketSources],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (https || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
