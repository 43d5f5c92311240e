/**
 * The one HTTP client of the console. Every call goes through a contract endpoint
 * (`api.call(endpoint, input)`), sends X-Requested-With and the CSRF token from the page, and
 * gets its answer parsed with the endpoint's response schema. A failure becomes an ApiError
 * carrying the server's code (what callers branch on) and message (what screens show). A 403
 * with the code `csrf` (a stale token) fetches a fresh token once and retries.
 */
import type { z } from 'zod';
import {
  CSRF_HEADER,
  CSRF_META_NAME,
  ERROR_CODES,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  codeForStatus,
  type ErrorCode,
} from '../contract/api';
import { authEndpoints } from '../contract/auth';
import {
  endpointPath,
  queryEntries,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from '../contract/endpoint';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** What to branch on; 'unavailable' also stands for no answer at all (status 0). */
    readonly code: ErrorCode = status === 0 ? 'unavailable' : codeForStatus(status),
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all: offline, server down, connection cut. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

let csrfToken: string | null =
  typeof document === 'undefined'
    ? null
    : (document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`)?.content ?? null);

async function refreshCsrfToken(): Promise<void> {
  const response = await fetch(authEndpoints.csrfToken.path, {
    credentials: 'same-origin',
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
  });
  const body = (await response.json()) as { data?: string };
  csrfToken = body.data ?? null;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** The server refused the page's CSRF token as stale: fetch a fresh one and try once more. */
async function isStaleCsrf(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code === 'csrf';
}

async function send(path: string, options: RequestOptions, retried = false): Promise<Response> {
  const method = options.method ?? 'GET';
  if (method !== 'GET' && csrfToken === null) await refreshCsrfToken().catch(() => undefined);
  const url = new URL(path, window.location.origin);
  for (const [key, value] of queryEntries(options.query)) url.searchParams.append(key, value);
  const headers: Record<string, string> = {
    accept: 'application/json',
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
  };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check the network connection.');
  }
  if (!retried && method !== 'GET' && (await isStaleCsrf(response))) {
    await refreshCsrfToken();
    return send(path, options, true);
  }
  return response;
}

async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = (body ?? {}) as {
      message?: unknown;
      fields?: Record<string, string>;
      code?: unknown;
    };
    const message =
      typeof failure.message === 'string'
        ? failure.message
        : `The server answered ${response.status} ${response.statusText}`.trim();
    const code = (ERROR_CODES as readonly unknown[]).includes(failure.code)
      ? (failure.code as ErrorCode)
      : undefined;
    throw new ApiError(response.status, message, failure.fields, code);
  }
  return schema.parse(body);
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export const api = {
  /** Calls a contract endpoint and parses its answer with the endpoint's response schema. */
  async call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<EndpointResponse<E>> {
    const { params, query, body } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const response = await send(endpointPath(endpoint, params), {
      method: endpoint.method,
      ...(query ? { query } : {}),
      ...(endpoint.method === 'GET' ? {} : { body: body ?? {} }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return parse(response, endpoint.response as z.ZodType<EndpointResponse<E>>);
  },
  /**
   * Sends a file as the raw body of a contract endpoint (an upload), reporting how much of it has
   * gone (0 to 1): fetch cannot tell upload progress, so this one call uses XMLHttpRequest.
   */
  async upload<E extends Endpoint>(
    endpoint: E,
    file: Blob,
    options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
  ): Promise<EndpointResponse<E>> {
    const attempt = async (): Promise<Response> => {
      if (csrfToken === null) await refreshCsrfToken().catch(() => undefined);
      return new Promise<Response>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open(endpoint.method, new URL(endpoint.path, window.location.origin));
        request.withCredentials = true;
        request.setRequestHeader('accept', 'application/json');
        request.setRequestHeader(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
        request.setRequestHeader('content-type', 'application/octet-stream');
        if (csrfToken) request.setRequestHeader(CSRF_HEADER, csrfToken);
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
        };
        request.onload = () =>
          resolve(
            new Response(request.responseText, {
              status: request.status,
              headers: { 'content-type': 'application/json' },
            }),
          );
        request.onerror = () =>
          reject(new ApiError(0, 'The server cannot be reached. Check the network connection.'));
        request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
        options.signal?.addEventListener('abort', () => request.abort(), { once: true });
        request.send(file);
      });
    };
    let response = await attempt();
    if (await isStaleCsrf(response)) {
      await refreshCsrfToken();
      response = await attempt();
    }
    return parse(response, endpoint.response as z.ZodType<EndpointResponse<E>>);
  },
  /** The address of a GET endpoint with its query, for links and downloads (CSV exports). */
  href<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): string {
    const { params, query } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
    };
    const search = new URLSearchParams(queryEntries(query)).toString();
    return `${endpointPath(endpoint, params)}${search ? `?${search}` : ''}`;
  },
};

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
