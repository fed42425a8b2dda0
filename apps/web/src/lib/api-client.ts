import { API_PREFIX, type ErrorResponse } from '@corral/contract';
import { getToken } from './session-store.ts';

/** Every failed call becomes an ApiError carrying the server's message; callers decide what to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly isNetworkError = false,
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

interface RequestOptions {
  signal?: AbortSignal;
  /** Multipart uploads report progress through XMLHttpRequest; see uploadWithProgress. */
  headers?: Record<string, string>;
}

async function request<T>(method: string, path: string, body?: Body, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, { method, headers, body: payload, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, true);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorResponse>;
    throw new ApiError(response.status, error.message ?? response.statusText ?? 'Request failed', error.errors ?? {});
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
