import { API_PATHS, type OnboardingRequest, type UserResponse } from '@corral/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const submitOnboarding = (body: OnboardingRequest) => api.post<UserResponse>(API_PATHS.onBoard, body);

export const useSubmitOnboarding = () => useMutation({ mutationFn: submitOnboarding });
