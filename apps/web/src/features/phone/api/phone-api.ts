import {
  API_PATHS,
  type SendVerificationCodeRequest,
  type SendVerificationCodeResponse,
  type ValidateVerificationCodeRequest,
  type ValidateVerificationCodeResponse,
} from '@corral/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const sendVerificationCode = (body: SendVerificationCodeRequest) =>
  api.post<SendVerificationCodeResponse>(API_PATHS.sendVerificationCode, body);
export const validateVerificationCode = (body: ValidateVerificationCodeRequest) =>
  api.post<ValidateVerificationCodeResponse>(API_PATHS.validateVerificationCode, body);

export const useSendVerificationCode = () => useMutation({ mutationFn: sendVerificationCode });
export const useValidateVerificationCode = () => useMutation({ mutationFn: validateVerificationCode });
