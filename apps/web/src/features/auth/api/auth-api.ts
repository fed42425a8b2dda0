import {
  API_PATHS,
  type ForgotPasswordRequest,
  type LoginRequest,
  type OkResponse,
  type ResetPasswordRequest,
  type SignedInResponse,
  type SignupRequest,
} from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deviceTokenFor, rememberDeviceToken } from './device-tokens.ts';

export async function signUp(body: SignupRequest): Promise<SignedInResponse> {
  const answer = await api.post<SignedInResponse>(API_PATHS.signup, body);
  rememberDeviceToken(body.email, answer.device_token);
  return answer;
}

/** Logs in with this browser's device token for the account, if it has one, and keeps the new one. */
export async function logIn(body: LoginRequest): Promise<SignedInResponse> {
  const answer = await api.post<SignedInResponse>(API_PATHS.login, {
    ...body,
    device_token: deviceTokenFor(body.email),
  });
  rememberDeviceToken(body.email, answer.device_token);
  return answer;
}
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
