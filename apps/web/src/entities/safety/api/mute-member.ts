import { API_PATHS, type MuteResponse } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dropFromList, refreshAfterMuteChange, showMuted } from './safety-cache.ts';

export interface MuteChange {
  userId: string;
  /** True: mute (POST); false: unmute (DELETE). */
  muted: boolean;
}

/** POST or DELETE /users/{id}/mute: the state after it, and the server's sentence for it. */
export const setMuted = ({ userId, muted }: MuteChange) =>
  muted ? api.post<MuteResponse>(API_PATHS.userMute(userId)) : api.delete<MuteResponse>(API_PATHS.userMute(userId));

/**
 * Mute or unmute: the profile's menu says so at once, and an unmute leaves the Muted list at once (both put
 * back if the server refuses); then the muter's timeline and notifications are fetched again.
 */
export const muteMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: setMuted,
    onMutate: async ({ userId, muted }: MuteChange) => {
      const undo = [await showMuted(queryClient, userId, muted)];
      if (!muted) undo.push(await dropFromList(queryClient, 'muted', userId));
      return {
        putBack: () => {
          for (const step of undo) step();
        },
      };
    },
    onError: (_error, _change, context) => context?.putBack(),
    onSettled: (_answer, _error, { userId }) => refreshAfterMuteChange(queryClient, userId),
  });

export function useMute() {
  const queryClient = useQueryClient();
  return useMutation(muteMutation(queryClient));
}
