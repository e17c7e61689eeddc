import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import type { Conn } from '../library/library.repo.js';

/** What avatarWebp makes. */
export const AVATAR_CONTENT_TYPE = 'image/webp';
/** Names read from the old avatars folder per query while moving them into the database. */
const IMPORT_BATCH = 200;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** A plain file name inside the folder: never "../x", "a/b" or a dot file, whatever a column says. */
const isPlainName = (name: string) => name === path.basename(name) && !name.startsWith('.') && name.length <= 64;

/**
 * Avatars live in the database (0023's avatars table), so every instance
 * serves every member's picture; each has a new random name, served at
 * /uploads/avatars/{name}. Before that they were files in
 * DATA_DIR/uploads/avatars: `importFiles` moves those in at start, and
 * removing an avatar also removes a file of that name left there.
 */
export function avatarStore(db: Db, filesDir: string) {
  const root = path.resolve(filesDir);

  async function removeFile(name: string): Promise<void> {
    const file = path.join(root, name);
    if (path.dirname(file) !== root) return;
    await fs.rm(file, { force: true }).catch(() => undefined);
  }

  return {
    /** Stores the image under a new random name and returns the name. */
    async save(conn: Conn, webp: Buffer, now: number): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await conn.insertInto('avatars').values({ name, content_type: AVATAR_CONTENT_TYPE, size: webp.length, bytes: webp, created_at: now }).execute();
      return name;
    },

    /** Deletes a stored avatar by name; anything else (null, a name never stored) is left alone. */
    async remove(conn: Conn, name: string | null): Promise<void> {
      if (name && isPlainName(name)) await conn.deleteFrom('avatars').where('name', '=', name).execute();
    },

    /** After the change is in: the old folder's file of that name, if one is left. A stale file never fails the request. */
    async removeFile(name: string | null): Promise<void> {
      if (name && isPlainName(name)) await removeFile(name);
    },

    find(name: string) {
      return db.kysely.selectFrom('avatars').select(['content_type', 'size', 'bytes', 'created_at']).where('name', '=', name).executeTakeFirst();
    },

    /**
     * Moves the avatar files still in use from the old folder into the
     * database (an upgrade loses none), once per name: a name already
     * stored is skipped, so every instance may run it at every start.
     */
    async importFiles(log: Log): Promise<number> {
      const names = (await fs.readdir(root).catch(() => [] as string[])).filter(isPlainName);
      let moved = 0;
      for (let i = 0; i < names.length; i += IMPORT_BATCH) {
        const batch = names.slice(i, i + IMPORT_BATCH);
        const [used, stored] = await Promise.all([
          db.kysely.selectFrom('users').select('avatar').where('avatar', 'in', batch).execute(),
          db.kysely.selectFrom('avatars').select('name').where('name', 'in', batch).execute(),
        ]);
        const have = new Set(stored.map((row) => row.name));
        for (const { avatar: name } of used) {
          if (!name || have.has(name)) continue;
          const file = path.join(root, name);
          try {
            const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
            await db.kysely
              .insertInto('avatars')
              .values({ name, content_type: AVATAR_CONTENT_TYPE, size: bytes.length, bytes, created_at: Math.round(stat.mtimeMs) })
              .onConflict((oc) => oc.column('name').doNothing())
              .execute();
            moved += 1;
          } catch (err) {
            log.warn({ err, file }, 'could not move an avatar file into the database; it is still served from disk');
          }
        }
      }
      if (moved > 0) log.info({ moved, from: root }, 'moved avatar files into the database');
      return moved;
    },
  };
}

export type AvatarStore = ReturnType<typeof avatarStore>;
