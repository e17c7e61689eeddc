import { useAuth } from '../../stores/auth';

/** Whether the signed-in user is the one whose profile this is (usernames match without regard to case). */
export const useIsOwner = (username: string) => useAuth((s) => s.user?.username.toLowerCase() === username.toLowerCase());
