import { useParams } from 'react-router';

/** A profile's address; usernames in links are lower-cased (SPEC §2). */
export const profilePath = (username: string) => `/u/${username.toLowerCase()}`;

export const reviewPath = (username: string, slug: string) => `${profilePath(username)}/reviews/${slug}`;

/** The ":username" of the current /u/… page, as typed. */
export function useUsernameParam(): string {
  return useParams().username ?? '';
}
