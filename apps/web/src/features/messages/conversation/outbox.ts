import type { SendMessageResponse } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { putConversation } from '../api/conversations-cache.ts';
import { type MessageTarget, sendMessage } from '../api/messages-api.ts';
import { type MessagesData, putMessage } from '../api/messages-cache.ts';

/**
 * The messages this page is sending, or failed to send: not server data yet, so not in the query cache (a
 * refetch of the conversation would drop them), but in this store, per member and conversation (or recipient,
 * before the first message), for as long as the page lives. Each keeps its `client_id` from the first try, so
 * a retry of a send whose answer was lost is the same message to the server. Sends of one conversation go one
 * after another, in the order they were written. Once the server has the message it is put in the cache, and
 * the entry goes; a view shows an entry only while the cache has no message with its client id.
 */

export interface OutboxPhoto {
  id: string;
  file: Blob;
  /** An object URL for its preview, revoked when the entry goes. */
  url: string;
}

export interface OutboxEntry {
  client_id: string;
  target: MessageTarget;
  body: string;
  photos: OutboxPhoto[];
  created_at: string;
  status: 'sending' | 'failed';
  /** The share of the photos' bytes sent, 0 to 1 (only a send with photos reports it). */
  progress: number;
  /** The server's refusal, or the network error, of a failed send. */
  error: string | null;
  /**
   * Whether the same message sent again may go through: a lost connection, the server down or busy, a rate
   * limit. A refusal of the message itself (not an image, too long, a block) would only fail again.
   */
  retryable: boolean;
}

/** A failure that a retry of the same message may get past. */
const mayPassOnRetry = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.isNetworkError ||
  error.status >= 500 ||
  error.status === 408 ||
  error.status === 429;

const NONE: OutboxEntry[] = [];
const entries = new Map<string, OutboxEntry[]>();
const listeners = new Set<() => void>();
/** The last send of each box, that the next one waits for. */
const queues = new Map<string, Promise<unknown>>();

/** The store's key of a member's messages to a target. */
export const outboxKey = (member: string, target: MessageTarget) =>
  `${member}:${'conversationId' in target ? target.conversationId : `to:${target.recipientId}`}`;

function setEntries(key: string, change: (current: OutboxEntry[]) => OutboxEntry[]) {
  const next = change(entries.get(key) ?? NONE);
  if (next.length === 0) entries.delete(key);
  else entries.set(key, next);
  for (const listener of listeners) listener();
}

const patch = (key: string, clientId: string, changes: Partial<OutboxEntry>) =>
  setEntries(key, (current) =>
    current.map((entry) => (entry.client_id === clientId ? { ...entry, ...changes } : entry)),
  );

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entries of one key, oldest first (the same array until one changes). */
export const outboxEntries = (key: string | null) => (key ? (entries.get(key) ?? NONE) : NONE);

export function useOutbox(key: string | null): OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => outboxEntries(key),
    () => NONE,
  );
}

/** What a successful send hands back: the message and its conversation (its id, for a started one). */
export type Sent = SendMessageResponse;

/**
 * Sends one message (a new one, or an entry's retry): the entry shows as sending, with its upload's progress;
 * on success the message joins the cached conversation and the entry goes; on failure it stays, failed, with
 * the reason, for a retry or a discard. Resolves with the answer, or null when it failed.
 */
function run(queryClient: QueryClient, key: string, clientId: string): Promise<Sent | null> {
  const previous = queues.get(key) ?? Promise.resolve();
  const sending = previous.then(async () => {
    const entry = outboxEntries(key).find((item) => item.client_id === clientId);
    if (!entry) return null; // discarded while it waited
    patch(key, clientId, { status: 'sending', progress: 0, error: null });
    try {
      const sent = await sendMessage(
        entry.target,
        { body: entry.body, client_id: entry.client_id, photos: entry.photos.map((photo) => photo.file) },
        (progress) => patch(key, clientId, { progress }),
      );
      putSent(queryClient, sent);
      forget(key, clientId);

      return sent;
    } catch (error) {
      patch(key, clientId, {
        status: 'failed',
        error: error instanceof ApiError ? error.message : 'The message could not be sent.',
        retryable: mayPassOnRetry(error),
      });
      return null;
    }
  });
  queues.set(key, sending);
  void sending.finally(() => {
    if (queues.get(key) === sending) queues.delete(key);
  });
  return sending;
}

/**
 * The message in the cache: put in its loaded conversation; a conversation not loaded yet (the one a first
 * message started) starts from it, and is fetched in full when shown (the pair may have had history).
 */
function putSent(queryClient: QueryClient, { message, conversation }: Sent) {
  // The boxes: to the top of the inbox (a started conversation joins it), and the member's profile leads to it.
  putConversation(queryClient, conversation);
  const key = conversationKeys.messages(conversation.id);
  if (queryClient.getQueryData(key)) {
    putMessage(queryClient, message, conversation);
    return;
  }
  queryClient.setQueryData<MessagesData>(key, {
    pages: [{ data: [message], next_cursor: null, conversation }],
    pageParams: [null],
  });
  void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
}

/** Adds a message to the outbox and sends it. */
export function send(
  queryClient: QueryClient,
  member: string,
  target: MessageTarget,
  message: { body: string; photos: OutboxPhoto[] },
): Promise<Sent | null> {
  const key = outboxKey(member, target);
  const clientId = crypto.randomUUID();
  const entry: OutboxEntry = {
    client_id: clientId,
    target,
    body: message.body,
    photos: message.photos,
    created_at: new Date().toISOString(),
    status: 'sending',
    progress: 0,
    error: null,
    retryable: true,
  };
  setEntries(key, (current) => [...current, entry]);
  return run(queryClient, key, clientId);
}

/** Sends a failed entry again, with the same client id: a message the server did get is not sent twice. */
export function retry(queryClient: QueryClient, key: string, clientId: string): Promise<Sent | null> {
  patch(key, clientId, { status: 'sending', progress: 0, error: null });
  return run(queryClient, key, clientId);
}

/** Forgets an entry (sent, or discarded by the member) and its photos' previews. */
export function forget(key: string, clientId: string): void {
  const entry = outboxEntries(key).find((item) => item.client_id === clientId);
  for (const photo of entry?.photos ?? []) URL.revokeObjectURL(photo.url);
  setEntries(key, (current) => current.filter((item) => item.client_id !== clientId));
}

/** Empties the whole store (tests; a member who signs out leaves nothing behind for the next). */
export function clearOutbox(): void {
  for (const key of [...entries.keys()]) for (const entry of outboxEntries(key)) forget(key, entry.client_id);
  queues.clear();
}
