import type { Actor, DocumentLoader } from '@fedify/fedify';
import type { RemoteActorFields } from './federation.interactions.repo.js';
import { remoteNameText } from './federation.sanitize.js';

const text = (value: { toString(): string } | null | undefined) => (value === null || value === undefined ? null : value.toString());

/**
 * What we keep of a remote account (federation_actors): "@name@host" as
 * Mastodon shows it, its display name as one plain line, its profile page and
 * avatar when they are web links (`webLink` says which are). Its id must be set.
 */
export async function remoteActorFields(
  actor: Actor,
  webLink: (url: URL | null | undefined) => string | null,
  loading: { documentLoader?: DocumentLoader; contextLoader?: DocumentLoader; suppressError?: boolean },
): Promise<RemoteActorFields> {
  const id = actor.id!;
  const host = id.host;
  const username = remoteNameText(text(actor.preferredUsername), 60)?.replace(/^@/, '').replace(/\s/g, '') || id.pathname.split('/').filter(Boolean).pop() || 'unknown';
  const url = actor.url instanceof URL ? actor.url : (actor.url?.href ?? null);
  const icon = await actor.getIcon(loading).catch(() => null);
  const avatar = icon?.url instanceof URL ? webLink(icon.url) : null;
  return { actor_id: id.href, handle: `@${username}@${host}`, name: remoteNameText(text(actor.name)), profile_url: webLink(url), avatar_url: avatar, host };
}
