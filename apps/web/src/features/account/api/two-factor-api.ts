import {
  API_PATHS,
  type OkResponse,
  type RecoveryCodesResponse,
  type TwoFactorPasswordRequest,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  type TwoFactorVerifyRequest,
} from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The member's two-factor settings (ADR 034): one cached answer, refreshed by every change below. */
export const twoFactorKey = ['account', 'two-factor'] as const;

export const fetchTwoFactorStatus = () => api.get<TwoFactorStatusResponse>(API_PATHS.meTwoFactor);
export const twoFactorStatusQuery = () => queryOptions({ queryKey: twoFactorKey, queryFn: fetchTwoFactorStatus });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());

export const startTwoFactor = (body: TwoFactorPasswordRequest) =>
  api.post<TwoFactorSetupResponse>(API_PATHS.meTwoFactor, body);
export const verifyTwoFactor = (body: TwoFactorVerifyRequest) =>
  api.post<RecoveryCodesResponse>(API_PATHS.meTwoFactorVerify, body);
export const disableTwoFactor = (body: TwoFactorPasswordRequest) =>
  api.delete<OkResponse>(API_PATHS.meTwoFactor, undefined, body);
export const regenerateRecoveryCodes = (body: TwoFactorPasswordRequest) =>
  api.post<RecoveryCodesResponse>(API_PATHS.meTwoFactorRecoveryCodes, body);

/** A change of the settings: the status is asked again once it is done. */
function useTwoFactorChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
export const useVerifyTwoFactor = () => useTwoFactorChange(verifyTwoFactor);
export const useDisableTwoFactor = () => useTwoFactorChange(disableTwoFactor);
export const useRegenerateRecoveryCodes = () => useTwoFactorChange(regenerateRecoveryCodes);
