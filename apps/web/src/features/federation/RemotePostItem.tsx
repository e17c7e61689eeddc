import type { RemotePost } from '@vgl/shared';
import { useRef, useState } from 'react';
import { RelativeTime } from '../../components/RelativeTime';
import { ReportButton } from '../reports/ReportButton';
import { toastFailure } from '../settings/toastFailure';
import { BlockRemoteButton } from './BlockRemoteButton';
import { useLikeRemotePost } from './followingApi';
import { PlainParagraphs } from './PlainParagraphs';
import { RemoteAccount } from './RemoteAccount';
import { RemotePostReplies } from './RemotePostReplies';
import styles from './following.module.css';

/** A post of an account followed elsewhere: who (linking out, "via host"), when, its warning, title, text and image, and a link to it there. */
export function RemotePostItem({ post, now }: { post: RemotePost; now: number }) {
  const { account } = post;
  const like = useLikeRemotePost();
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const body = (
    <>
      {post.title && <h3 className={styles.title}>{post.title}</h3>}
      <PlainParagraphs text={post.text} />
      {post.image && <img className={styles.image} src={post.image.url} alt={post.image.alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />}
    </>
  );
  return (
    <li className={styles.post}>
      <article aria-label={`Post by ${account.name}`}>
        <header className={styles.byline}>
          <RemoteAccount actor={{ id: account.url, name: account.name, handle: account.handle, url: account.url, host: account.host }} withHandle className={styles.name} />
          <span className={styles.time}>
            <RelativeTime at={post.published} now={now} />
          </span>
        </header>
        <div className={styles.text}>
          {post.contentWarning ? (
            <details>
              <summary>{post.contentWarning}</summary>
              {body}
            </details>
          ) : (
            body
          )}
        </div>
        <div className={styles.actions}>
          {/* A toggle: its name stays "Like", aria-pressed says whether it is on. */}
          <button
            type="button"
            className={`button button-ghost button-small ${styles.like}`}
            aria-pressed={post.viewerLiked}
            onClick={() => like.mutate({ id: post.id, liked: !post.viewerLiked }, { onError: (error) => toastFailure('Liking', error) })}
          >
            <span aria-hidden="true">{post.viewerLiked ? '♥' : '♡'}</span> Like
          </button>
          <button ref={replyButton} type="button" className="button button-ghost button-small" aria-expanded={replying} onClick={() => setReplying(true)}>
            Reply
          </button>
          {post.url && (
            <a className={styles.link} href={post.url} target="_blank" rel="noopener noreferrer nofollow ugc">
              View on {account.host}
            </a>
          )}
          <ReportButton target={{ type: 'fed_actor', account: account.handle }} author={account.handle} />
          <BlockRemoteButton account={account.handle} handle={account.handle} />
        </div>
        <RemotePostReplies
          post={post}
          now={now}
          replying={replying}
          onDone={() => {
            setReplying(false);
            // The form that had focus is gone: back to the button that opened it.
            replyButton.current?.focus();
          }}
        />
      </article>
    </li>
  );
}
