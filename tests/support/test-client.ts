/**
 * An HTTP client that behaves like the console in a browser: it keeps cookies, fetches the CSRF
 * token from GET /api/csrf-token before its first state-changing call, and sends that token with
 * X-Requested-With on every POST, PUT, PATCH and DELETE. Options turn each part off, so tests can
 * show what the server does when one is missing.
 */
import { request as httpRequest } from 'node:http';
import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '../../src/contract/api';

export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, otherwise the text. */
  body: Body;
  text: string;
  /** The raw Set-Cookie headers of this answer. */
  setCookies: string[];
}

export interface RequestOptions {
  /** Extra headers; a `host` header is sent as given (as a forger would), not the URL's host. */
  headers?: Record<string, string>;
  /** Send the CSRF token (default true for state-changing methods). */
  csrf?: boolean;
  /** Send X-Requested-With (default true). */
  requestedWith?: boolean;
  /** A body sent as is, instead of JSON-encoding `body` (for malformed input). */
  rawBody?: string;
  contentType?: string;
}

/** A JSON envelope as the server answers it; fields are optional so tests can read any of them. */
export interface ApiBody {
  ok?: boolean;
  message?: string;
  fields?: Record<string, string>;
  data?: unknown;
  redirect?: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class TestClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  deleteCookie(name: string): void {
    this.cookies.delete(name);
  }

  /** The Cookie header this client sends, for socket handshakes. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The token the page would carry; fetched once and reused, as the console does. */
  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.get<{ data?: unknown }>('/api/csrf-token');
      if (response.status !== 200 || typeof response.body.data !== 'string') {
        throw new Error(`GET /api/csrf-token answered ${response.status}: ${response.text}`);
      }
      this.csrfToken = response.body.data;
    }
    return this.csrfToken;
  }

  get<Body = ApiBody>(path: string, options: RequestOptions = {}): Promise<TestResponse<Body>> {
    return this.request<Body>('GET', path, undefined, options);
  }

  post<Body = ApiBody>(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<Body>> {
    return this.request<Body>('POST', path, body, options);
  }

  async request<Body = ApiBody>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<Body>> {
    const headers: Record<string, string> = { ...this.defaultHeaders };
    if (options.requestedWith ?? true) headers[REQUESTED_WITH_HEADER] = REQUESTED_WITH_VALUE;
    if (STATE_CHANGING.has(method) && (options.csrf ?? true)) {
      headers[CSRF_HEADER] = await this.csrf();
    }
    let payload: string | undefined;
    if (options.rawBody !== undefined) {
      payload = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    Object.assign(headers, options.headers);

    const url = new URL(path, this.baseUrl);
    const response =
      'host' in headers
        ? await sendWithHost(url, method, headers, payload)
        : await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text ? JSON.parse(text) : text) as Body,
      text,
      setCookies,
    };
  }

  private store(setCookie: string): void {
    const { name, value, attributes } = parseSetCookie(setCookie);
    if (!name) return;
    const maxAge = attributes.get('max-age');
    const expires = attributes.get('expires');
    const expired =
      (maxAge !== undefined && Number(maxAge) <= 0) ||
      (expires !== undefined && Date.parse(expires) <= Date.now());
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** fetch always sends the URL's own Host header; node:http sends the one given. */
function sendWithHost(
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of Array.isArray(value) ? value : [value ?? ''])
            answer.append(name, item);
        }
        resolve(
          new Response(chunks.length > 0 ? Buffer.concat(chunks) : null, {
            status: incoming.statusCode,
            headers: answer,
          }),
        );
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Parses one Set-Cookie header into its value and attributes (names lower-cased). */
export function parseSetCookie(line: string): {
  name: string;
  value: string;
  attributes: Map<string, string>;
} {
  const [pair = '', ...rest] = line.split(';');
  const separator = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const [key = '', ...value] = attribute.split('=');
    attributes.set(key.trim().toLowerCase(), value.join('=').trim());
  }
  return {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    attributes,
  };
}
