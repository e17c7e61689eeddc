import { useProfile } from './profileApi';

/** The username as its owner spells it once the profile has loaded (it is cached), the URL's until then. */
export function useDisplayName(username: string): string {
  return useProfile(username).data?.username ?? username;
}
