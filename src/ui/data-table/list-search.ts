/**
 * A server-paginated list keeps its state in the URL's search params: page, per_page, sort,
 * order and the list's own filters, spelled exactly as the list endpoint's query, so a reload or
 * a shared link shows the same rows and the address reads like the API call behind it.
 *
 * Rules:
 * - The endpoint's query schema (listQuerySchema in src/contract/list.ts) is the only
 *   definition: the screen reads the URL with it. The route only types its search by it
 *   (listRouteSearch), so the route table stays free of the contracts' code.
 * - A hand-edited or outdated link never breaks the screen: a value the schema refuses is dropped
 *   (that parameter falls back to its default), the rest of the link still applies.
 * - Values equal to the schema's defaults are left out of the URL, so the plain address is the
 *   first page with the default sort. A link given by hand stays in the address as it was until
 *   the user changes the list; that change writes the list's values in their normal form.
 * - Changing a filter, the sort or the page size goes back to page 1.
 */
import type { z } from 'zod';
import type { SortOrder } from '../../contract/list';

/** A list query schema: a zod object whose output has page and per_page. */
export type ListQuerySchema = z.ZodType<{ page: number; per_page: number }, object>;

/** A list's query schema, or the list endpoint that carries it (`endpoint.query`). */
export type ListSource<S extends z.ZodType> = S | { query?: S };

export function listSchema<S extends z.ZodType>(source: ListSource<S>): S {
  if ('safeParse' in source) return source;
  if (!source.query) throw new Error('A list endpoint needs a query schema');
  return source.query;
}

/** The list's search params as the URL carries them: text, each optional. */
export type ListUrlSearch<S extends z.ZodType> = { [K in keyof z.input<S>]?: string };

type UrlValues = Record<string, string>;

/** The parameter names of the list's query; null when the schema is no plain object. */
export function listKeys(schema: z.ZodType): string[] | null {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : null;
}

/**
 * Keeps the text form of each value the schema knows (every value without a schema); drops
 * objects and empties.
 */
function urlValues(schema: z.ZodType | null, raw: Record<string, unknown>): UrlValues {
  const keys = schema ? listKeys(schema) : null;
  const values: UrlValues = {};
  for (const [key, value] of Object.entries(raw)) {
    if (keys && !keys.includes(key)) continue;
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string' && first !== '') values[key] = first;
    else if (typeof first === 'number' || typeof first === 'boolean') values[key] = String(first);
  }
  return values;
}

export interface ParsedListSearch<S extends z.ZodType> {
  /** The accepted values as the URL carries them (defaults included when they were given). */
  url: UrlValues;
  /** The parsed query: numbers, defaults applied. */
  query: z.output<S>;
}

const cache = new WeakMap<z.ZodType, UrlValues>();

/** The schema's defaults in their URL form ({page: '1', per_page: '25', order: 'desc', ...}). */
export function listDefaults(schema: z.ZodType): UrlValues {
  let defaults = cache.get(schema);
  if (!defaults) {
    defaults = toUrlForm(schema.parse({}) as Record<string, unknown>);
    cache.set(schema, defaults);
  }
  return defaults;
}

/** Parses search params with the list's schema, dropping what it refuses (see the rules). */
export function parseListSearch<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
): ParsedListSearch<S> {
  let url = urlValues(schema, raw);
  // Each round drops the parameters an issue names; a root-level issue drops them all.
  for (let round = 0; round < 8; round += 1) {
    const parsed = schema.safeParse(url);
    if (parsed.success) return { url, query: parsed.data };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const next = Object.fromEntries(
      Object.entries(url).filter(([key]) => !bad.has(key) && !bad.has('')),
    );
    if (Object.keys(next).length === Object.keys(url).length) break;
    url = next;
  }
  return { url: {}, query: schema.parse({}) };
}

/** Values as the URL and the API take them: dates as ISO 8601, the rest as text. */
export function toUrlForm(values: Record<string, unknown>): UrlValues {
  const form: UrlValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    form[key] = value instanceof Date ? value.toISOString() : String(value);
  }
  return form;
}

/** The URL form without the values that equal the defaults. */
export function withoutDefaults(schema: z.ZodType, values: UrlValues): UrlValues {
  const defaults = listDefaults(schema);
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => defaults[key] !== value),
  );
}

/** The list schema of an endpoint type or of a schema type. */
type SchemaOf<Source> = Source extends { query?: infer S extends z.ZodType } ? S : Source;

/**
 * A route's `validateSearch` for a list, typed by its endpoint and free of its schema:
 * `validateSearch: listRouteSearch<typeof userEndpoints.list>()` with a type-only import, and
 * `listRouteSearch<typeof historyEndpoints.list, 'item'>()` for the route's own params beside the
 * list's (the item a drawer shows). The route table is part of every screen's first load and the
 * contracts are not, so the route keeps each value as its text; the screen's useListSearch reads
 * them with the schema and writes them back in their normal form when the list changes.
 */
export function listRouteSearch<
  Source extends ListSource<z.ZodType>,
  Keep extends string = never,
>() {
  return (
    raw: Record<string, unknown>,
  ): ListUrlSearch<SchemaOf<Source>> & { [K in Keep]?: string } =>
    urlValues(null, raw) as ListUrlSearch<SchemaOf<Source>> & { [K in Keep]?: string };
}

/** The columns the list may be sorted by: the options of the schema's `sort` enum. */
export function sortableColumns(schema: z.ZodType): readonly string[] {
  type Node = { options?: readonly string[]; def?: { innerType?: Node }; shape?: never };
  const shape = (schema as unknown as { shape?: Record<string, Node> }).shape;
  let node = shape?.sort;
  for (let depth = 0; node && !node.options && depth < 4; depth += 1) node = node.def?.innerType;
  return node?.options ?? [];
}

export function flipOrder(order: SortOrder): SortOrder {
  return order === 'asc' ? 'desc' : 'asc';
}
