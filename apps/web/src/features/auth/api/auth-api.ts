import {
  API_PATHS,
  type ForgotPasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type LoginTwoFactorRequest,
  type LoginTwoFactorResponse,
  type OkResponse,
  type ResetPasswordRequest,
  type SignedInResponse,
  type SignupRequest,
} from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deviceTokenFor, rememberDeviceToken, rememberTrustedDevice, trustedDeviceTokenFor } from './device-tokens.ts';

export async function signUp(body: SignupRequest): Promise<SignedInResponse> {
  const answer = await api.post<SignedInResponse>(API_PATHS.signup, body);
  rememberDeviceToken(body.email, answer.device_token);
  return answer;
}

/**
 * Logs in with this browser's device token for the account, if it has one, and keeps the new one. With
 * two-factor sign-in on, the answer is a challenge for the code step instead (unless this device is remembered).
 */
export async function logIn(body: LoginRequest): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>(API_PATHS.login, {
    ...body,
    device_token: deviceTokenFor(body.email),
    trusted_device_token: trustedDeviceTokenFor(body.email),
  });
  if ('device_token' in answer) rememberDeviceToken(body.email, answer.device_token);
  return answer;
}

/**
 * The code step: keeps the device token, and the remembered device's token when asked for, under the account
 * signed in to (after Google or Apple the browser learns which one only here).
 */
export async function logInWithCode(body: LoginTwoFactorRequest): Promise<LoginTwoFactorResponse> {
  const answer = await api.post<LoginTwoFactorResponse>(API_PATHS.loginTwoFactor, body);
  rememberDeviceToken(answer.user.email, answer.device_token);
  if (answer.trusted_device_token) rememberTrustedDevice(answer.user.email, answer.trusted_device_token);
  return answer;
}

export const logOut = () => api.post<OkResponse>(API_PATHS.logout);
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api.post<OkResponse>(API_PATHS.forgotPassword, body);
export const resetPassword = (body: ResetPasswordRequest) => api.post<OkResponse>(API_PATHS.resetPassword, body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useLogIn = () => useMutation({ mutationFn: logIn });
export const useLogInWithCode = () => useMutation({ mutationFn: logInWithCode });
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
