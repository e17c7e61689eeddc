import { ReportButton } from '../reports/ReportButton';
import { toastFailure } from '../settings/toastFailure';
import { BlockRemoteButton } from './BlockRemoteButton';
import { useRemoteFollowing, useUnfollowRemote } from './followingApi';
import styles from './following.module.css';

/** The accounts elsewhere the member follows: each links out, says when it waits for their answer, and can be unfollowed, reported or blocked. */
export function FollowingList() {
  const list = useRemoteFollowing();
  const unfollow = useUnfollowRemote();
  return (
    <section className={styles.section} aria-labelledby="following-elsewhere">
      <h2 id="following-elsewhere">Accounts you follow elsewhere</h2>
      {list.isError && <p role="alert">This list could not be loaded. Please try again.</p>}
      {list.data?.length === 0 && <p className={styles.hint}>You follow no one on other servers yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.accounts}>
          {list.data.map((account) => (
            <li key={account.id} className={styles.account}>
              <span className={styles.who}>
                <a href={account.url} target="_blank" rel="noopener noreferrer nofollow">
                  {account.name}
                </a>
                <span className={styles.handle}>{account.handle}</span>
                {account.state === 'pending' && <span className={styles.waiting}>Waiting for them to accept</span>}
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={unfollow.isPending}
                onClick={() => unfollow.mutate(account.id, { onError: (error) => toastFailure('Unfollowing', error) })}
              >
                Unfollow<span className="visually-hidden"> {account.handle}</span>
              </button>
              <ReportButton target={{ type: 'fed_actor', account: account.handle }} author={account.handle} />
              <BlockRemoteButton account={account.handle} handle={account.handle} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
