import type { RemoteFollower } from '@vgl/shared';
import type { ReactNode } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { useHome } from '../landing/homeApi';
import { toastFailure } from '../settings/toastFailure';
import { BlockRemoteButton } from '../federation/BlockRemoteButton';
import { useRemoteBlocks, useUnblockRemote } from '../federation/accountBlocksApi';
import { ReportButton } from '../reports/ReportButton';
import { useAnswerRemote, useRemoteList } from './privacyApi';
import styles from './privacy.module.css';

/** Someone on another server: their name, linking to their profile there, and their @name@host. */
function RemotePerson({ person, children }: { person: Pick<RemoteFollower, 'name' | 'handle' | 'url'>; children: ReactNode }) {
  return (
    <li className={styles.person}>
      <span className={styles.who}>
        <a href={person.url} rel="noopener noreferrer nofollow" target="_blank">
          {person.name}
        </a>
        <span className={styles.handle}>{person.handle}</span>
      </span>
      <div className={styles.actions}>{children}</div>
    </li>
  );
}

const FAILURES = { approve: 'Approving', decline: 'Declining', remove: 'Removing the follower' } as const;

function useAnswer() {
  const answer = useAnswerRemote();
  const run = (person: RemoteFollower, verb: keyof typeof FAILURES) => answer.mutate({ id: person.id, answer: verb }, { onError: (error) => toastFailure(FAILURES[verb], error) });
  return { run, busy: answer.isPending };
}

/** The follow requests from other servers, in the Follow requests section beside the members' own. */
export function RemoteRequests({ requests }: { requests: RemoteFollower[] }) {
  const { run, busy } = useAnswer();
  if (requests.length === 0) return null;
  return (
    <ul className={styles.people} aria-label="From other servers">
      {requests.map((person) => (
        <RemotePerson key={person.id} person={person}>
          <button type="button" className="button button-primary button-small" disabled={busy} onClick={() => run(person, 'approve')}>
            Approve<span className="visually-hidden"> {person.handle}</span>
          </button>
          <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => run(person, 'decline')}>
            Decline<span className="visually-hidden"> {person.handle}</span>
          </button>
          <BlockRemoteButton account={person.handle} handle={person.handle} />
        </RemotePerson>
      ))}
    </ul>
  );
}

/**
 * Followers on other servers (Mastodon and the like), each removable. Shown
 * where the instance federates, or where some were recorded while it did.
 */
export function RemoteFollowersSection() {
  const federates = useHome().data?.federation === true;
  const list = useRemoteList('followers');
  const { run, busy } = useAnswer();
  if (!federates && !list.data?.length) return null;
  return (
    <FormSection title="Followers on other servers">
      <p className={styles.hint}>They receive your public reviews, finished plays and public lists on Mastodon and other servers of the fediverse. Removing one tells their server they no longer follow you.</p>
      {list.isError && <p role="alert">This list could not be loaded. Please try again.</p>}
      {list.data?.length === 0 && <p className={styles.hint}>Nobody on another server follows you.</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.people}>
          {list.data.map((person) => (
            <RemotePerson key={person.id} person={person}>
              <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => run(person, 'remove')}>
                Remove<span className="visually-hidden"> {person.handle}</span>
              </button>
              <ReportButton target={{ type: 'fed_actor', account: person.handle }} author={person.handle} />
              <BlockRemoteButton account={person.handle} handle={person.handle} />
            </RemotePerson>
          ))}
        </ul>
      )}
    </FormSection>
  );
}

/**
 * Accounts on other servers you block, each unblockable. Shown where the instance federates, or where some were
 * blocked while it did.
 */
export function RemoteBlocksSection() {
  const federates = useHome().data?.federation === true;
  const list = useRemoteBlocks();
  const unblock = useUnblockRemote();
  if (!federates && !list.data?.length) return null;
  return (
    <FormSection title="Blocked on other servers">
      <p className={styles.hint}>They cannot follow you, and their likes, boosts and replies on your reviews are ignored. Unblocking lets them interact again; what the block removed does not come back.</p>
      {list.isError && <p role="alert">This list could not be loaded. Please try again.</p>}
      {list.data?.length === 0 && <p className={styles.hint}>You have not blocked anyone on another server.</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.people}>
          {list.data.map((block) => (
            <RemotePerson key={block.id} person={{ ...block, name: block.name ?? block.handle }}>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(block.id, { onError: (error) => toastFailure('Unblocking', error) })}
              >
                Unblock<span className="visually-hidden"> {block.handle}</span>
              </button>
            </RemotePerson>
          ))}
        </ul>
      )}
    </FormSection>
  );
}
