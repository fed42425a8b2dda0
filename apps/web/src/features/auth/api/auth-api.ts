import {
  API_PATHS,
  type ForgotPasswordRequest,
  type LoginRequest,
  type OkResponse,
  type ResetPasswordRequest,
  type SignupRequest,
  type UserResponse,
} from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const signUp = (body: SignupRequest) => api.post<UserResponse>(API_PATHS.signup, body);
export const logIn = (body: LoginRequest) => api.post<UserResponse>(API_PATHS.login, body);
export const logOut = () => api.post<OkResponse>(API_PATHS.logout);
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api.post<OkResponse>(API_PATHS.forgotPassword, body);
export const resetPassword = (body: ResetPasswordRequest) => api.post<OkResponse>(API_PATHS.resetPassword, body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useLogIn = () => useMutation({ mutationFn: logIn });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** Logging out revokes the token on the server and forgets every cached answer of this member. */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSettled: () => queryClient.clear(),
  });
}
