import {
  type AccountLinkResponse,
  type AccountSessionsResponse,
  API_PATHS,
  type ChangeEmailRequest,
  type ChangeEmailResponse,
  type ChangePasswordRequest,
  type EmailStatusResponse,
  type OkResponse,
  type SignOutOthersResponse,
} from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

export const getEmailStatus = (signal?: AbortSignal) => api.get<EmailStatusResponse>(API_PATHS.meEmail, { signal });
export const getSessions = (signal?: AbortSignal) => api.get<AccountSessionsResponse>(API_PATHS.meSessions, { signal });

/** GET /me/email: the address and a change waiting for its confirmation. */
export const emailStatusQuery = () =>
  queryOptions({ queryKey: accountKeys.email(), queryFn: ({ signal }) => getEmailStatus(signal), staleTime: 0 });
export const useEmailStatus = () => useQuery(emailStatusQuery());

/** GET /me/sessions: the signed-in devices, this one first. */
export const sessionsQuery = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });
export const useSessions = () => useQuery(sessionsQuery());

/** POST /me/password: the other devices are signed out, so their list loads again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<OkResponse>(API_PATHS.mePassword, { ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** POST /me/email: the answer is the new state of the address (a pending change). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => api.post<ChangeEmailResponse>(API_PATHS.meEmail, { ...body }),
    onSuccess: ({ email, pending }) =>
      queryClient.setQueryData<EmailStatusResponse>(accountKeys.email(), { email, pending }),
  });
}

/** DELETE /me/email: the pending change is dropped. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<OkResponse>(API_PATHS.meEmail),
    onSuccess: () =>
      queryClient.setQueryData<EmailStatusResponse>(accountKeys.email(), (status) =>
        status ? { ...status, pending: null } : status,
      ),
  });
}

/** DELETE /me/sessions/{id}: that device leaves the list at once. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(API_PATHS.meSession(id)),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<AccountSessionsResponse>(accountKeys.sessions(), (list) =>
        list ? { sessions: list.sessions.filter((session) => session.id !== id) } : list,
      ),
  });
}

/** DELETE /me/sessions: only this device stays. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<SignOutOthersResponse>(API_PATHS.meSessions),
    onSuccess: () =>
      queryClient.setQueryData<AccountSessionsResponse>(accountKeys.sessions(), (list) =>
        list ? { sessions: list.sessions.filter((session) => session.current) } : list,
      ),
  });
}

/**
 * POST /me/email/confirm with the link's token. The link may be opened on any device, signed in to any account
 * or none: the Account page asks for the address again when it is next shown.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<AccountLinkResponse>(API_PATHS.meEmailConfirm, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/**
 * POST /me/email/undo with the link's token. Every session of the account ends, this browser's too when it
 * was signed in to it; it finds out on its next request (401), as after any sign-out elsewhere.
 */
export function useUndoEmailChange() {
  return useMutation({
    mutationFn: (token: string) => api.post<AccountLinkResponse>(API_PATHS.meEmailUndo, { token }),
  });
}

/**
 * POST /forgot-password for the member's own address: for one who signed up with Google or Apple and has no
 * password, the emailed link sets one (better-auth makes the password account then).
 */
export function useEmailPasswordLink() {
  return useMutation({ mutationFn: (email: string) => api.post<OkResponse>(API_PATHS.forgotPassword, { email }) });
}
