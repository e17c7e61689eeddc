import type { Context, Federation } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Fedify } from './federation.fedify.js';
import { LIST_ARTICLE_GAMES, listArticleFields, playNoteFields, publishedDigest, type ListArticleFields, type PlayNoteFields } from './federation.published.js';
import { publishedRepo } from './federation.published.repo.js';
import type { PublishedKind } from './federation.tables.js';

/** Fedify serves one path per object type: plays share the Note's (/ap/notes/play-…), lists have the Article's. */
export const ARTICLE_PATH = '/ap/articles/{key}';
export const PLAY_KEY_PREFIX = 'play-';
export const LIST_KEY_PREFIX = 'list-';
export const isPlayKey = (key: string) => key.startsWith(PLAY_KEY_PREFIX);

/** A play or list as it would be sent now: whose it is, what it shows, and its digest; undefined when it may not leave. */
export interface PublishedSubject {
  kind: PublishedKind;
  userId: number;
  entryId: number | null;
  fields: PlayNoteFields | ListArticleFields;
  digest: string;
}

export interface PublishedTimes {
  published_at: number | string;
  updated_at: number | string;
}

/**
 * Finished plays (as Notes) and public lists (as Articles): what each shows
 * now, the object it is built as (the same whether read at its id, in the
 * outbox, or delivered), and the Article dispatcher. The Note dispatcher
 * (federation.objects.ts) hands play keys here.
 */
export function publishedObjects(federation: Federation<void>, { f, k, publicUrl }: { f: Fedify; k: Kysely<Database>; publicUrl: string }) {
  const instant = (ms: number | string) => f.Temporal.Instant.fromEpochMilliseconds(Number(ms));

  async function subject(kind: PublishedKind, id: number): Promise<PublishedSubject | undefined> {
    if (kind === 'play') {
      const row = await publishedRepo.publicPlay(k, id);
      if (!row) return undefined;
      const fields = playNoteFields(publicUrl, row, await publishedRepo.playMinutes(k, row));
      return { kind, userId: row.user_id, entryId: row.entry_id, fields, digest: publishedDigest(fields) };
    }
    const row = await publishedRepo.publicList(k, id);
    if (!row) return undefined;
    const fields = listArticleFields(publicUrl, row, await publishedRepo.listGames(k, id, LIST_ARTICLE_GAMES));
    return { kind, userId: row.user_id, entryId: null, fields, digest: publishedDigest(fields) };
  }

  /** The object's id: a play's under the Note's path, a list's under the Article's. */
  const objectId = (ctx: Context<void>, kind: PublishedKind, objectKey: string) =>
    kind === 'play' ? ctx.getObjectUri(f.Note, { key: objectKey }) : ctx.getObjectUri(f.Article, { key: objectKey });

  function build(ctx: Context<void>, s: PublishedSubject, objectKey: string, times: PublishedTimes) {
    const identifier = String(s.userId);
    const published = Number(times.published_at);
    const updated = Number(times.updated_at);
    const common = {
      id: objectId(ctx, s.kind, objectKey),
      attribution: ctx.getActorUri(identifier),
      to: f.PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(identifier),
      content: s.fields.content,
      mediaType: 'text/html',
      url: new URL(s.fields.url),
      published: instant(published),
      updated: updated !== published ? instant(updated) : null,
      attachments: s.fields.cover ? [new f.Image({ url: new URL(s.fields.cover.url), mediaType: 'image/jpeg', name: s.fields.cover.name })] : [],
    };
    return 'name' in s.fields ? new f.Article({ ...common, name: s.fields.name }) : new f.Note(common);
  }

  /** The object at its key while its subject is public; null (404) once it is not, or was never sent. */
  async function byKey(ctx: Context<void>, kind: PublishedKind, key: string) {
    const record = await publishedRepo.recordByKey(k, kind, key);
    const current = record ? await subject(kind, record.subject_id) : undefined;
    return record && current ? build(ctx, current, record.object_key, record) : null;
  }

  federation.setObjectDispatcher(f.Article, ARTICLE_PATH, (ctx, { key }) => byKey(ctx, 'list', key));

  return { subject, build, objectId, playNote: (ctx: Context<void>, key: string) => byKey(ctx, 'play', key) };
}

export type PublishedObjects = ReturnType<typeof publishedObjects>;
