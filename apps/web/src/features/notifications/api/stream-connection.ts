import type { StreamEvent } from '@corral/contract';
import { EventSource, type FetchLike } from 'eventsource';
import { parseStreamEvent, STREAM_EVENT_TYPES } from './stream-events.ts';

/** Reconnection waits: about 1 s after a drop, doubling on each failure up to about 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnection attempt number `failures` (0 for the first): exponential, capped,
 * and spread over its upper half so that many tabs dropped by one restart do not all return at once.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Whether an answer ends the stream for good: 401 (the token is no longer valid: it was revoked, and the
 * session ends or a new token opens a new stream) and 204 (the server asks not to reconnect). A 403 (not
 * onboarded or verified yet) waits for the session to change too. Anything else is retried.
 */
export function isFinal(status: number | undefined): boolean {
  return status === 401 || status === 403 || status === 204;
}

export interface LiveStreamOptions {
  /** The stream's address (`/api/stream`). */
  url: string;
  /** The member's bearer token; a new token means a new stream. */
  token: string;
  /** Every event, with when the connection that brought it was asked for (Date.now() time). */
  onEvent(event: StreamEvent, connectedAt: number): void;
}

/**
 * Opens the member's server-sent event stream with the bearer header (the `eventsource` package takes a
 * custom fetch, which the browser's EventSource does not) and keeps it open: after a drop or a failed
 * answer it connects again with backoff and sends the last event id it saw (Last-Event-ID), so the server
 * can resume. Answers the function that closes it for good.
 */
export function openLiveStream({ url, token, onEvent }: LiveStreamOptions): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastEventId = '';
  let closed = false;

  const authorizedFetch: FetchLike = (input, init) => {
    const headers: Record<string, string> = { ...init.headers, authorization: `Bearer ${token}` };
    // The package sends Last-Event-ID on its own reconnections; a new EventSource starts without one.
    if (lastEventId && !headers['Last-Event-ID']) headers['Last-Event-ID'] = lastEventId;
    return fetch(input, { ...init, headers });
  };

  const onMessage = (from: EventSource, connectedAt: number, message: MessageEvent<string>) => {
    // Whatever was still in flight when this connection was closed is left unread.
    if (closed || from !== source) return;
    if (message.lastEventId) lastEventId = message.lastEventId;
    const event = parseStreamEvent(message.type, message.data);
    if (!event) return;
    if (event.type === 'ready') failures = 0;
    onEvent(event, connectedAt);
  };

  const connect = () => {
    timer = undefined;
    if (closed) return;
    const connectedAt = Date.now();
    const current = new EventSource(url, { fetch: authorizedFetch });
    source = current;
    for (const type of STREAM_EVENT_TYPES)
      current.addEventListener(type, (message) => onMessage(current, connectedAt, message));
    current.addEventListener('error', (error) => {
      // One reconnection policy for drops and failed answers: ours, with backoff (the package's own
      // waits a fixed 3 s and gives up on any answer other than 200).
      current.close();
      if (closed || source !== current) return;
      source = null;
      if (isFinal(error.code)) return;
      const delay = reconnectDelay(failures);
      failures += 1;
      timer = setTimeout(connect, delay);
    });
  };

  // Back online: no need to wait out the backoff.
  const online = () => {
    if (timer === undefined || closed) return;
    clearTimeout(timer);
    connect();
  };
  globalThis.addEventListener?.('online', online);

  connect();
  return () => {
    closed = true;
    if (timer !== undefined) clearTimeout(timer);
    globalThis.removeEventListener?.('online', online);
    source?.close();
    source = null;
  };
}
