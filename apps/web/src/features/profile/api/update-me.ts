import { API_PATHS, type MeResponse, type Profile, type UpdateMeRequest } from '@corral/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { itemKeys, profileKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session-store.ts';
import { profileQuery } from './profile-api.ts';

export const updateMe = (changes: UpdateMeRequest) => api.patch<MeResponse>(API_PATHS.me, changes);

export function uploadAvatar(photo: Blob, onProgress?: (sent: number) => void) {
  const form = new FormData();
  form.append('image', photo, 'profile.jpg');
  return api.upload<MeResponse>(API_PATHS.meAvatar, form, { onProgress });
}

/**
 * The member changed themselves: the session's user (top bar, sidebar) and their cached profile take the
 * server's answer at once; lists that show their name or photo on cards load again.
 */
function applyMe(
  queryClient: QueryClient,
  { user, is_private }: MeResponse,
  { refreshItems }: { refreshItems: boolean },
) {
  useSession.getState().updateUser({
    first_name: user.first_name,
    last_name: user.last_name,
    avatar: user.avatar,
    profile_image: user.profile_image,
  });
  queryClient.setQueryData<Profile>(profileKeys.profile(user.id), (profile) =>
    profile
      ? {
          ...profile,
          first_name: user.first_name,
          last_name: user.last_name,
          name: `${user.first_name} ${user.last_name}`.trim(),
          avatar: user.profile_image,
          is_private,
        }
      : profile,
  );
  if (refreshItems) void queryClient.invalidateQueries({ queryKey: itemKeys.all });
}

/** PATCH /me: names or privacy. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (answer, changes) =>
      applyMe(queryClient, answer, {
        refreshItems: changes.first_name !== undefined || changes.last_name !== undefined,
      }),
  });
}

/** POST /me/avatar with upload progress (0 to 1). */
export function useUploadAvatar(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob) => uploadAvatar(photo, onProgress),
    onSuccess: (answer) => applyMe(queryClient, answer, { refreshItems: true }),
  });
}

/**
 * Whether the signed-in member's account is private, from the server (their own profile), and a switch
 * that changes it. Used by the profile dropdown's Account privacy and the own profile's label.
 */
export function useAccountPrivacy() {
  const me = useSession((state) => state.currentUser?.id);
  const profile = useQuery({ ...profileQuery(me ?? ''), enabled: Boolean(me), staleTime: 5 * 60_000 });
  const update = useUpdateMe();
  return {
    isPrivate: profile.data?.is_private,
    isPending: update.isPending,
    setPrivate: (isPrivate: boolean) => update.mutateAsync({ is_private: isPrivate }),
  };
}
