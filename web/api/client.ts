import type { z } from 'zod';
import { currentLanguage } from '../i18n/i18n';
import { ApiError, isAbortError } from './api-error';
import { takeEarlyAnswer } from './early-answers';
import { clearSession, getAccessToken } from './token-store';
import { buildUrl, type Query } from './url';

export { apiBase, buildUrl, type Query } from './url';

export type RequestOptions<S extends z.ZodType | undefined = undefined> = {
  query?: Query;
  /** The response schema from `contracts/`; the answer is parsed with it. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** For the refresh call itself: a 401 there must not start another refresh. */
  skipRefresh?: boolean;
};

type BodyOptions<S extends z.ZodType | undefined> = RequestOptions<S> & { body?: unknown };
type Result<S> = S extends z.ZodType ? z.output<S> : unknown;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Returns true when new tokens are in the token store and the failed request may be repeated. */
export type RefreshHandler = () => Promise<boolean>;

/** Headers added to every request, e.g. the app host's masquerade profile (set by the app shell). */
export type HeadersProvider = () => Record<string, string>;

let headersProvider: HeadersProvider | null = null;

/** The extra-headers hook's headers, for requests made outside `api` (the resumable uploads). */
export function providedHeaders(): Record<string, string> {
  return headersProvider?.() ?? {};
}

/** Installs the extra-headers hook; returns the uninstall. A request's own `headers` win over it. */
export function setHeadersProvider(provider: HeadersProvider | null): () => void {
  headersProvider = provider;
  return () => {
    if (headersProvider === provider) {
      headersProvider = null;
    }
  };
}

let refreshHandler: RefreshHandler | null = null;
let refreshInFlight: Promise<boolean> | null = null;

export function setRefreshHandler(handler: RefreshHandler | null): void {
  refreshHandler = handler;
  refreshInFlight = null;
}

/**
 * Concurrent 401s share one refresh: the first starts it, the others wait for the same answer.
 * `failedToken` is the access token the failed request carried: when a refresh that finished meanwhile has
 * already replaced it, the request is simply repeated instead of rotating the tokens once more.
 */
function refreshOnce(failedToken?: string | null): Promise<boolean> {
  const handler = refreshHandler;
  if (!handler) {
    return Promise.resolve(false);
  }
  const current = getAccessToken();
  if (failedToken !== undefined && !refreshInFlight && current !== null && current !== failedToken) {
    return Promise.resolve(true);
  }
  refreshInFlight ??= handler()
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** Refreshes through the same single flight as the 401 handling (start-up restores the session with it). */
export function refreshTokens(): Promise<boolean> {
  return refreshOnce();
}

function buildHeaders(options: BodyOptions<z.ZodType | undefined>): Headers {
  const headers = new Headers({ ...headersProvider?.(), ...options.headers });
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  const token = getAccessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) {
    return undefined;
  }
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(
  method: Method,
  path: string,
  options: BodyOptions<z.ZodType | undefined>,
): Promise<Response> {
  const url = buildUrl(path, options.query);
  const headers = buildHeaders(options);
  // The page's first data may have been asked for before the app ran (early-answers.ts).
  const early = method === 'GET' && !options.signal?.aborted ? takeEarlyAnswer(url, headers) : null;
  const answer = early ? await early.catch(() => null) : null;
  if (answer) {
    return answer;
  }
  try {
    return await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) {
      throw error;
    }
    throw ApiError.network(error);
  }
}

async function request<S extends z.ZodType | undefined>(
  method: Method,
  path: string,
  options: BodyOptions<S> = {},
): Promise<Result<S>> {
  const sentToken = getAccessToken();
  let response = await send(method, path, options);

  if (response.status === 401 && !options.skipRefresh) {
    if (await refreshOnce(sentToken)) {
      response = await send(method, path, options);
    }
    if (response.status === 401) {
      clearSession();
    }
  }

  const body = await readBody(response);
  if (!response.ok) {
    throw ApiError.fromBody(response.status, body);
  }
  if (!options.schema) {
    return body as Result<S>;
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    // The server answered outside its contract: a bug to report, not something the person can fix.
    console.error(`Unexpected response from ${method} ${path}`, parsed.error);
    throw new ApiError({
      status: response.status,
      code: null,
      message: 'errors.generic',
      cause: parsed.error,
    });
  }
  return parsed.data as Result<S>;
}

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    request('GET', path, options),
  post: <S extends z.ZodType | undefined = undefined>(path: string, options?: BodyOptions<S>) =>
    request('POST', path, options),
  put: <S extends z.ZodType | undefined = undefined>(path: string, options?: BodyOptions<S>) =>
    request('PUT', path, options),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, options?: BodyOptions<S>) =>
    request('PATCH', path, options),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: BodyOptions<S>) =>
    request('DELETE', path, options),
};
