import { API_PATHS } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { openLiveStream } from './stream-connection.ts';
import { applyCacheActions, cacheActionsFor } from './stream-events.ts';

/**
 * The member's live stream (GET /api/stream, server-sent events), open while the social area is: new
 * notifications, friend requests, friendships and unread counts land in the query cache without a reload.
 * It closes when the area unmounts, on logout, and when the token changes (then a new one opens).
 */
export function useLiveStream(): void {
  const queryClient = useQueryClient();
  const token = useSession((state) => (state.isLoggedIn ? (state.currentUser?.api_token ?? null) : null));
  useEffect(() => {
    if (!token) return;
    return openLiveStream({
      url: apiUrl(API_PATHS.stream),
      token,
      onEvent: (event) => applyCacheActions(queryClient, cacheActionsFor(event)),
    });
  }, [token, queryClient]);
}
