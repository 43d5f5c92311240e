import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * No request body of the console or of the ingest API nests deeper than a few levels; a body
 * nested thousands of levels deep is an attack on every recursive step after parsing (schema
 * checks, JSON.stringify of a rejected request, jsonb), so it is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays are accepted.`;

/**
 * The deepest nesting of objects and arrays in JSON text, counted without parsing and without
 * recursion; brackets inside strings do not count. Stops counting once `limit` is passed.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return deepest;
}

/**
 * Replaces Fastify's JSON body parser with one that first refuses bodies nested deeper than
 * MAX_JSON_DEPTH (400), then parses with Fastify's own default parser: secure-json-parse with
 * the server's prototype- and constructor-poisoning settings, the same errors for an empty or
 * malformed body, and the server's bodyLimit (413).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}
