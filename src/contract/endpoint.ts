import type { z } from 'zod';
import type { Permission } from './permissions';

/**
 * An HTTP endpoint, defined once: the server registers and validates from this object, the
 * client calls through it (`api.call(endpoint, input)`), and the permission-matrix and fuzz tests
 * walk every one of them. A path or payload is never spelled twice.
 *
 * Paths use `:name` segments for params. `access` says who may call; the server enforces it
 * before the handler runs and answers 401 (no session) or 403 (permission missing).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Access =
  /** Anyone, signed in or not (sign-in, forgot password, CSRF token). */
  | { kind: 'public' }
  /** Any signed-in user; the handler may narrow further (for example to their own data). */
  | { kind: 'signed-in' }
  /**
   * Signed in and holding the permission; when several are named, any one of them, or every one
   * of them with `all` (a table inside a screen that has its own feature permission).
   */
  | { kind: 'permission'; permissions: readonly [Permission, ...Permission[]]; all?: true }
  /** A client service with its API token (`Authorization: Bearer`), not a person. */
  | { kind: 'service-token' };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
export const SERVICE_TOKEN: Access = { kind: 'service-token' };
export function needs(...permissions: [Permission, ...Permission[]]): Access {
  return { kind: 'permission', permissions };
}
export function needsAll(...permissions: [Permission, ...Permission[]]): Access {
  return { kind: 'permission', permissions, all: true };
}

/**
 * The permissions a signed-in user lacks for `access`: none when allowed. For "any of" access
 * every named permission is reported, since holding any one of them would do.
 */
export function missingPermissions(access: Access, held: readonly string[]): Permission[] {
  if (access.kind !== 'permission') return [];
  const missing = access.permissions.filter((permission) => !held.includes(permission));
  if (access.all) return missing;
  return missing.length === access.permissions.length ? missing : [];
}

type Schema = z.ZodType | undefined;

export interface Endpoint<
  Params extends Schema = Schema,
  Query extends Schema = Schema,
  Body extends Schema = Schema,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: Access;
  /** One line for people reading the catalogue (and the generated API reference). */
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The JSON answer; for `produces: 'csv'` the schema of one exported row. */
  response: Response;
  /**
   * `csv`: the answer is a streamed CSV download of the query's rows, not JSON. `text`: plain
   * text the handler sends itself (the Prometheus exposition), described by a string schema.
   */
  produces?: 'json' | 'csv' | 'text';
  /**
   * A user signed in with a one-time password (`must_change_password`) may call only endpoints
   * marked so, and may call them whatever their role: who am I, and choosing their own password.
   * Every other signed-in endpoint answers 403 `password_change_required` until they have, so a
   * password an administrator has seen opens nothing else.
   */
  openWhileChoosingPassword?: true;
  /**
   * A user whose role requires two-factor sign-in and who has not set it up yet
   * (`two_factor_setup_required`) may call only endpoints marked so: who am I, and the setup
   * calls. Every other signed-in endpoint answers 403 `two_factor_required`, so a password
   * alone never opens an account its role says needs two factors.
   */
  openWhileSettingUpTwoFactor?: true;
}

export function defineEndpoint<
  Params extends Schema = undefined,
  Query extends Schema = undefined,
  Body extends Schema = undefined,
  Response extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

type InputOf<S> = [S] extends [z.ZodType] ? z.input<S> : never;
type OutputOf<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;
type ParamsOf<E> = E extends Endpoint<infer P, Schema, Schema, z.ZodType> ? P : never;
type QueryOf<E> = E extends Endpoint<Schema, infer Q, Schema, z.ZodType> ? Q : never;
type BodyOf<E> = E extends Endpoint<Schema, Schema, infer B, z.ZodType> ? B : never;

/** What a caller passes: params and body when the endpoint has them, query always optional. */
export type EndpointInput<E extends Endpoint> = ([ParamsOf<E>] extends [z.ZodType]
  ? { params: InputOf<ParamsOf<E>> }
  : { params?: never }) &
  ([QueryOf<E>] extends [z.ZodType] ? { query?: InputOf<QueryOf<E>> } : { query?: never }) &
  ([BodyOf<E>] extends [z.ZodType] ? { body: InputOf<BodyOf<E>> } : { body?: never });

/** What the server's handler receives, parsed and validated. */
export interface EndpointRequest<E extends Endpoint> {
  params: OutputOf<ParamsOf<E>>;
  query: OutputOf<QueryOf<E>>;
  body: OutputOf<BodyOf<E>>;
}

export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** The path with its `:name` segments filled in, each encoded. */
export function endpointPath(endpoint: Endpoint, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${endpoint.method} ${endpoint.path} needs the parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Query values as the URL carries them: arrays repeat the key, empty values are left out. */
export function queryEntries(query: Record<string, unknown> | undefined): [string, string][] {
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      entries.push([key, item instanceof Date ? item.toISOString() : String(item)]);
    }
  }
  return entries;
}
