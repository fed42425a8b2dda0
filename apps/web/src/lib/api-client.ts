import { API_PREFIX, type ErrorResponse } from '@corral/contract';
import { takeFirstLoadAnswer } from './first-load.ts';
import { getToken } from './session-store.ts';

/** Every failed call becomes an ApiError carrying the server's message; callers decide what to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly isNetworkError = false,
    /** A 429's Retry-After, in seconds: when the server will let the same action through. */
    readonly retryAfterSeconds?: number,
    /** The whole JSON body, for refusals that carry more than a message (a suspended login's date and reason). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message the server gave for a field, if any. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';

type Body = Record<string, unknown> | FormData | undefined;

/** Query string values; undefined and null are left out, so optional parameters can be passed as they are. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  signal?: AbortSignal;
  query?: QueryParams;
}

export interface UploadOptions extends RequestOptions {
  /** The share of the body sent so far, 0 to 1; 1 once the server has answered. */
  onProgress?: (sent: number) => void;
  /** POST by default; PATCH for edits that send a form. */
  method?: 'POST' | 'PATCH';
}

/** `/api` + path + the query string built by URLSearchParams (so every value is encoded). */
export function apiUrl(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's `{ message, errors? }`, or the status text when the body says nothing; and its Retry-After. */
function failure(status: number, statusText: string, body: unknown, retryAfter: string | null = null): ApiError {
  const error = (body ?? {}) as Partial<ErrorResponse>;
  const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  return new ApiError(
    status,
    error.message ?? (statusText || 'Request failed'),
    error.errors ?? {},
    false,
    seconds,
    body,
  );
}

const networkError = () => new ApiError(0, NETWORK_ERROR_MESSAGE, {}, true);
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

async function request<T>(method: string, path: string, body?: Body, options: RequestOptions = {}): Promise<T> {
  const headers = baseHeaders();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = apiUrl(path, options.query);
  // The page's first calls may already be on their way, asked by the app shell (lib/first-load.ts). Such an
  // answer does not stop when `signal` aborts: the query it is for leaves it unread (TanStack Query's cancel).
  const early = method === 'GET' ? takeFirstLoadAnswer(url, getToken()) : undefined;
  let response: Response;
  try {
    response = await (early ?? fetch(url, { method, headers, body: payload, signal: options.signal }));
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  const data = parseBody(await response.text());
  if (!response.ok) throw failure(response.status, response.statusText, data, response.headers.get('retry-after'));
  return data as T;
}

/**
 * A file the API answers (a calendar's .ics): the same headers and errors as the other calls, the body as a
 * Blob.
 */
async function blob(path: string, options: RequestOptions = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { headers: baseHeaders(), signal: options.signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  if (!response.ok) throw failure(response.status, response.statusText, parseBody(await response.text()));
  return response.blob();
}

/**
 * A multipart body (POST, or PATCH for edits) through XMLHttpRequest, because fetch cannot report upload
 * progress. Same headers and errors as the other calls; an abort rejects with an AbortError, as fetch does.
 */
function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', apiUrl(path, options.query));
    for (const [name, value] of Object.entries(baseHeaders())) xhr.setRequestHeader(name, value);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () =>
      settle(() => {
        const data = parseBody(xhr.responseText);
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(failure(xhr.status, xhr.statusText, data));
          return;
        }
        onProgress?.(1);
        resolve(data as T);
      });
    xhr.onerror = () => settle(() => reject(networkError()));
    xhr.onabort = () => settle(() => reject(aborted()));
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('PUT', path, body, options),
  /** A DELETE may carry a body (a password asked again, as turning two-factor sign-in off does). */
  delete: <T>(path: string, options?: RequestOptions, body?: Body) => request<T>('DELETE', path, body, options),
  upload,
  blob,
};
