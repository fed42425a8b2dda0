import { API_PATHS, type StreamEvent } from '@corral/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiUrl } from '../../../lib/api-client.ts';
import { takeFirstScreenSeededAt } from '../../../lib/first-load.ts';
import { useSession } from '../../../lib/session-store.ts';
import { openLiveStream } from './stream-connection.ts';
import { applyCacheActions, cacheActionsFor } from './stream-events.ts';

/** Another feature's handling of the stream's events (direct messages), composed by the layout. */
export type StreamEventHandler = (queryClient: QueryClient, event: StreamEvent) => void;

/**
 * The member's live stream (GET /api/stream, server-sent events), open while the social area is: new
 * notifications, friend requests, friendships, messages and unread counts land in the query cache without a
 * reload. `alsoApply` gets every event after this feature's own handling (features never import each other:
 * the social layout hands in the messages' handler). It closes when the area unmounts, on logout, and when
 * the token changes (then a new one opens).
 */
export function useLiveStream(alsoApply?: StreamEventHandler): void {
  const queryClient = useQueryClient();
  const token = useSession((state) => (state.isLoggedIn ? (state.currentUser?.api_token ?? null) : null));
  // The latest handler, without reopening the stream when it changes.
  const extra = useRef(alsoApply);
  extra.current = alsoApply;
  useEffect(() => {
    if (!token) return;
    return openLiveStream({
      url: apiUrl(API_PATHS.stream),
      token,
      onEvent: (event, connectedAt) => {
        // The page's first answers came with its first screen, before this connection was asked for: as new as it.
        const since =
          event.type === 'ready' ? Math.min(connectedAt, takeFirstScreenSeededAt() ?? connectedAt) : connectedAt;
        applyCacheActions(queryClient, cacheActionsFor(event, since));
        extra.current?.(queryClient, event);
      },
    });
  }, [token, queryClient]);
}
