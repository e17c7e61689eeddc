import { useQuery } from '@tanstack/react-query';
import type { FirstSteps, SuggestedMember } from '@vgl/shared';
import { api } from '../../lib/api';

export const onboardingKeys = {
  firstSteps: (username: string) => ['first-steps', username.toLowerCase()] as const,
  suggestions: (username: string) => ['suggested-members', username.toLowerCase()] as const,
};

export const useFirstSteps = (username: string | undefined) =>
  useQuery({
    queryKey: onboardingKeys.firstSteps(username ?? ''),
    enabled: Boolean(username),
    queryFn: async () => (await api.get<FirstSteps>('/api/profile/first-steps')).data,
    retry: false,
  });

export const useSuggestedMembers = (username: string | undefined) =>
  useQuery({
    queryKey: onboardingKeys.suggestions(username ?? ''),
    enabled: Boolean(username),
    queryFn: async () => (await api.get<SuggestedMember[]>('/api/activity/suggestions')).data,
    retry: false,
  });
