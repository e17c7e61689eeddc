import type { RemoteActorRef } from '@vgl/shared';
import styles from './remote.module.css';

interface RemoteAccountProps {
  actor: RemoteActorRef;
  /** Also show the handle after the name (a comment's byline); a sentence shows the name alone. */
  withHandle?: boolean;
  className?: string;
}

/**
 * An account elsewhere in the fediverse: its name, linking out to its profile on its own server (it has no page
 * here), its handle, and the server it is on as the "remote" mark, so no one takes it for a member.
 */
export function RemoteAccount({ actor, withHandle = false, className }: RemoteAccountProps) {
  return (
    <>
      <a href={actor.url} className={className} target="_blank" rel="noopener noreferrer nofollow ugc" title={`${actor.handle}, on ${actor.host}`}>
        {actor.name ?? actor.handle}
      </a>
      {withHandle && actor.name !== null && (
        <>
          {' '}
          <span className={styles.handle}>{actor.handle}</span>
        </>
      )}{' '}
      <span className={styles.mark} title="From another server in the fediverse">
        <span className={styles.visuallyHidden}>remote account, </span>via {actor.host}
      </span>
    </>
  );
}
