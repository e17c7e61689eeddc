import type { RemoteActorRef } from '@vgl/shared';
import type { RemoteReactions as RemoteReactionsData } from '@vgl/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { api } from '../../lib/api';
import { useHome } from '../landing/homeApi';
import { userKey } from '../profile/profileApi';
import { RemoteAccount } from './RemoteAccount';
import styles from './remote.module.css';

/** Accounts named before "and N more". */
const NAMED = 3;

export const remoteReactionsKey = (username: string, slug: string) => [...userKey(username), 'review', slug, 'fediverse'] as const;

function useRemoteReactions(username: string, slug: string) {
  // Only an instance that federates has any: one request fewer on every review page of the others.
  const federates = useHome().data?.federation === true;
  return useQuery({
    enabled: federates,
    queryKey: remoteReactionsKey(username, slug),
    queryFn: async () =>
      (await api.get<RemoteReactionsData>(`/api/users/${encodeURIComponent(username.toLowerCase())}/reviews/${encodeURIComponent(slug)}/fediverse`)).data,
    retry: false,
  });
}

function Accounts({ verb, accounts, total }: { verb: string; accounts: RemoteActorRef[]; total: number }) {
  const named = accounts.slice(0, NAMED);
  const more = total - named.length;
  return (
    <p>
      {verb} on the fediverse by{' '}
      {named.map((actor, i) => (
        <Fragment key={actor.id}>
          {i > 0 && (i === named.length - 1 && more === 0 ? ' and ' : ', ')}
          <RemoteAccount actor={actor} />
        </Fragment>
      ))}
      {more > 0 && ` and ${more.toLocaleString('en-US')} more`}
    </p>
  );
}

/**
 * Under a published review: who liked and boosted it from elsewhere in the fediverse (Mastodon, other VGLs).
 * Their likes are in the review's like count already; this says whose they are. Nothing when there are none
 * (or when the list cannot be had: it is a footnote, not the page).
 */
export function RemoteReactions({ username, slug }: { username: string; slug: string }) {
  const { data } = useRemoteReactions(username, slug);
  if (!data || (data.likes.total === 0 && data.boosts.total === 0)) return null;
  return (
    <section className={styles.reactions} aria-label="From the fediverse">
      {data.likes.total > 0 && <Accounts verb="Liked" accounts={data.likes.accounts} total={data.likes.total} />}
      {data.boosts.total > 0 && <Accounts verb="Boosted" accounts={data.boosts.accounts} total={data.boosts.total} />}
    </section>
  );
}
