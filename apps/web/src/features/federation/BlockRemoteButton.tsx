import { useId, useRef, useState } from 'react';
import { useAuth } from '../../stores/auth';
import { toastFailure } from '../settings/toastFailure';
import { useBlockRemote } from './accountBlocksApi';
import styles from './remote.module.css';

interface BlockRemoteButtonProps {
  /** Its actor id, or its @name@host. */
  account: string;
  /** "@name@host", as the question names it. */
  handle: string;
  className?: string;
}

/**
 * "Block" on an account from another server (a reply's author, a follower, an account followed): for signed-in
 * members, with a question first that says what a block does. Blocked, the lists it was in load again.
 */
export function BlockRemoteButton({ account, handle, className }: BlockRemoteButtonProps) {
  const signedIn = useAuth((s) => s.user !== null);
  const block = useBlockRemote();
  const [asking, setAsking] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (!signedIn) return null;
  const close = () => {
    setAsking(false);
    window.setTimeout(() => button.current?.focus());
  };
  return (
    <>
      {!asking && (
        <button ref={button} type="button" className={className ?? 'button button-ghost button-small'} aria-label={`Block ${handle}`} onClick={() => setAsking(true)}>
          Block
        </button>
      )}
      {asking && (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>
            Block {handle}? They stop following you and you stop following them, and their likes, boosts and replies on your reviews are removed. Their server is told
            only that the follows ended.
          </p>
          <div className={styles.confirmButtons}>
            <button type="button" className="button button-ghost button-small" autoFocus disabled={block.isPending} onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-small button-danger"
              aria-disabled={block.isPending || undefined}
              onClick={() => !block.isPending && block.mutate(account, { onSuccess: () => setAsking(false), onError: (error) => toastFailure('Blocking', error) })}
            >
              {block.isPending ? 'Blocking…' : `Block ${handle}`}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
