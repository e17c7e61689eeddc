import type { UserRow } from '../users/users.repo.js';

export type LibraryAction = 'read' | 'readPrivate' | 'write';

/**
 * Who may do what with a user's library, diary, reviews and their data
 * export. Everyone reads an active account's library; only its owner, in
 * good standing, writes or exports it. What an entry keeps private (the
 * note, imported playtime) only its owner reads, whatever the account's state.
 */
export function canLibrary(actor: Pick<UserRow, 'id' | 'state'> | null, action: LibraryAction, owner: Pick<UserRow, 'id' | 'state'>): boolean {
  if (action === 'read') return owner.state === 'active' || actor?.id === owner.id;
  if (action === 'readPrivate') return actor !== null && actor.id === owner.id;
  return actor !== null && actor.id === owner.id && actor.state === 'active';
}
