import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_CONTENT_TYPE, type AvatarStore } from './avatars.store.js';

/** A name's bytes never change (every upload gets a new one): browsers and proxies may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const AVATAR_NAME = /^[0-9a-z_-]{1,60}\.webp$/i;

/**
 * GET /uploads/avatars/{name}: an avatar from the database, so whichever
 * instance is asked serves it. A file of that name still in the old
 * DATA_DIR/uploads/avatars folder (not moved in yet) is served from there.
 */
export async function registerAvatarFiles(app: FastifyInstance, { avatars, filesDir }: { avatars: AvatarStore; filesDir: string }): Promise<void> {
  const send = (request: FastifyRequest, reply: FastifyReply, name: string, contentType: string, bytes: Buffer, createdAt: number) => {
    const etag = `"${name.slice(0, -'.webp'.length)}-${bytes.length}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag).header('last-modified', new Date(createdAt).toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(contentType).send(bytes);
  };

  app.get<{ Params: { name: string } }>('/uploads/avatars/:name', async (request, reply) => {
    const { name } = request.params;
    if (!AVATAR_NAME.test(name)) return reply.callNotFound();
    const stored = await avatars.find(name);
    if (stored) return send(request, reply, name, stored.content_type, Buffer.from(stored.bytes), Number(stored.created_at));
    const file = path.join(path.resolve(filesDir), name);
    const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]).catch(() => [undefined, undefined] as const);
    if (!bytes || !stat) return reply.callNotFound();
    return send(request, reply, name, AVATAR_CONTENT_TYPE, bytes, stat.mtimeMs);
  });
}
