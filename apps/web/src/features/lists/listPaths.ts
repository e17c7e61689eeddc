import { profilePath } from '../profile/profilePaths';

/** /u/{username}/lists: a member's lists. */
export const listsPagePath = (username: string) => `${profilePath(username)}/lists`;

/** /u/{username}/lists/{slug}: one list. */
export const listPagePath = (username: string, slug: string) => `${listsPagePath(username)}/${slug}`;
