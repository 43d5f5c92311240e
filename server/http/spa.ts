import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_META_NAME, SESSION_META_NAME } from '../../src/contract/api';

const CSRF_PLACEHOLDER = '<!-- csrf-token -->';

/** The built pages the server sends as HTML (for their inline scripts' CSP hashes). */
export function builtPages(staticDir: string): string[] {
  const indexFile = path.join(staticDir, 'index.html');
  return existsSync(indexFile) ? [readFileSync(indexFile, 'utf8')] : [];
}

/**
 * Serves the built console from `staticDir`. Every path that is not a file, an API call or a
 * socket gets index.html with this browser's CSRF token in a meta tag, so deep links and reloads
 * work. index.html is never cached by HTTP caches: its token belongs to one browser. A page asked
 * for without a valid session says so (SESSION_META_NAME).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`no built console at ${staticDir}; run 'npm run build' (npm start does it)`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: staticDir,
    // Files are served by the catch-all below, so index.html always gets its token.
    serve: false,
    // `vite build` writes a .br and a .gz twin of each text asset: the one the browser accepts
    // is sent as it is (with Vary: Accept-Encoding), so nothing is compressed per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed build assets never change; everything else is revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = reply.generateCsrf();
    const signedOut = request.user ? '' : `<meta name="${SESSION_META_NAME}" content="none" />`;
    const html = indexHtml.replace(
      CSRF_PLACEHOLDER,
      `<meta name="${CSRF_META_NAME}" content="${token}" />${signedOut}`,
    );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.get('/', (request, reply) => sendIndex(request, reply));
  app.get('/index.html', (request, reply) => sendIndex(request, reply));
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/auth/')) {
      return reply
        .status(404)
        .send({ ok: false, code: 'not_found', message: `No such endpoint: GET ${url}` });
    }
    // Source maps stay on the server (for reading its stack traces), never go to browsers.
    if (url.endsWith('.map')) return reply.status(404).type('text/plain').send('Not found');
    const file = path.join(staticDir, path.normalize(url));
    if (file.startsWith(staticDir) && statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return reply.sendFile(path.relative(staticDir, file));
    }
    if (path.extname(url)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendIndex(request, reply);
  });
}
