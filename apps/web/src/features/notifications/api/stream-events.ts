import {
  STREAM_EVENT_TYPES as CONTRACT_STREAM_EVENT_TYPES,
  type StreamEvent,
  type StreamEventType,
} from '@corral/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { friendKeys, itemKeys, notificationKeys, profileKeys } from '../../../lib/query-keys.ts';
import { putUnread } from './notifications-cache.ts';

/** The SSE event names the stream sends (its `event:` field), one per kind of `streamEventSchema`. */
export const STREAM_EVENT_TYPES: readonly StreamEventType[] = CONTRACT_STREAM_EVENT_TYPES;

/** What one stream event does to the query cache. */
export type CacheAction = { kind: 'unread'; unread: number } | { kind: 'invalidate'; queryKey: QueryKey };

const invalidate = (queryKey: QueryKey): CacheAction => ({ kind: 'invalidate', queryKey });

/**
 * The cache actions of a stream event: counts are put as they come, lists are fetched again (only those on
 * screen at once; the others when next shown).
 */
export function cacheActionsFor(event: StreamEvent): CacheAction[] {
  switch (event.type) {
    case 'notification':
      return [{ kind: 'unread', unread: event.unread }, invalidate(notificationKeys.pages())];
    case 'unread':
      return [{ kind: 'unread', unread: event.unread }];
    case 'ready':
      // A fresh start (not resumed): events may have been missed while away, so anything they touch is
      // fetched again. `friendKeys.all` holds the requests too.
      return event.resumed
        ? [{ kind: 'unread', unread: event.unread }]
        : [{ kind: 'unread', unread: event.unread }, invalidate(notificationKeys.pages()), invalidate(friendKeys.all)];
    case 'friend_request':
      // The asker's profile, if open, turns to Confirm / Delete; the asker leaves the suggestions.
      return [
        invalidate(friendKeys.requests()),
        invalidate(profileKeys.profile(event.request.user.id)),
        invalidate(itemKeys.suggestions()),
      ];
    case 'friend_request_removed':
      return [invalidate(friendKeys.requests())];
    case 'friendship':
      return [
        invalidate(friendKeys.all),
        invalidate(profileKeys.profile(event.user_id)),
        // A private profile opens to a new friend (and closes to a former one).
        invalidate(itemKeys.profilePosts(event.user_id)),
        invalidate(itemKeys.timeline()),
        invalidate(itemKeys.suggestions()),
      ];
  }
}

export function applyCacheActions(queryClient: QueryClient, actions: CacheAction[]): void {
  for (const action of actions) {
    if (action.kind === 'unread') putUnread(queryClient, action.unread);
    else void queryClient.invalidateQueries({ queryKey: action.queryKey });
  }
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);

/**
 * What each kind must carry: the fields the cache actions read, checked by hand rather than with the
 * contract's `streamEventSchema`, because the stream opens with every social page and zod would then be
 * part of each one's first load (issue 10's budgets). A kind added to the contract fails to compile here.
 */
const HAS_FIELDS: { [Type in StreamEventType]: (body: Fields) => boolean } = {
  notification: (body) => isFields(body.notification) && isInt(body.notification.id) && isInt(body.unread),
  unread: (body) => isInt(body.unread),
  friend_request: (body) =>
    isFields(body.request) &&
    isInt(body.request.id) &&
    isFields(body.request.user) &&
    typeof body.request.user.id === 'string',
  friend_request_removed: (body) => isInt(body.id),
  friendship: (body) =>
    typeof body.user_id === 'string' &&
    (body.friendship_status === 'friends' || body.friendship_status === 'not_friends'),
  ready: (body) => isInt(body.unread) && typeof body.resumed === 'boolean',
};

const isStreamEventType = (type: string): type is StreamEventType => Object.hasOwn(HAS_FIELDS, type);

/**
 * An SSE message as a stream event: its `data` JSON, checked against the SSE `event` name it came under
 * and for the fields its kind carries; null for anything else (a newer server's event is skipped, not
 * fatal).
 */
export function parseStreamEvent(type: string, data: string): StreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  // The name on the wire is the type; a body may leave it out.
  if (!isFields(json) || !isStreamEventType(type)) return null;
  const body: Fields = { type, ...json };
  return body.type === type && HAS_FIELDS[type](body) ? (body as StreamEvent) : null;
}
