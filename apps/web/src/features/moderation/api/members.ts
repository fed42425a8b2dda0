import {
  API_PATHS,
  type MemberRoleResponse,
  type ModerationMembersResponse,
  type Role,
  type StaffMember,
} from '@corral/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moderationKeys } from './moderation-keys.ts';

/** GET /moderation/members?q=: members by name or email with their roles; the staff first when q is empty. */
export const getMembers = (q: string, signal?: AbortSignal) =>
  api.get<ModerationMembersResponse>(API_PATHS.moderationMembers, { query: { q: q || undefined }, signal });

/** PUT /moderation/members/{id}/role/{role}: the role is in the path, never in a body. */
export const putMemberRole = (id: string, role: Role) =>
  api.put<MemberRoleResponse>(API_PATHS.moderationMemberRole(id, role));

export const membersQuery = (q: string) =>
  queryOptions({
    queryKey: moderationKeys.members(q),
    queryFn: ({ signal }) => getMembers(q, signal),
    staleTime: 0,
    // The last answer stays on screen while the next search runs.
    placeholderData: keepPreviousData,
  });

export const useMembers = (q: string) => useQuery(membersQuery(q));

/** Gives a member a role: every cached search shows it at once; the searches are then fetched again. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: StaffMember; role: Role }) => putMemberRole(member.id, role),
    onSuccess: ({ data }) => {
      queryClient.setQueriesData<ModerationMembersResponse>({ queryKey: moderationKeys.memberSearches() }, (list) =>
        list
          ? { data: list.data.map((member) => (member.id === data.id ? { ...member, role: data.role } : member)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.memberSearches() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.audit() });
    },
  });
}
