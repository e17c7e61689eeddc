import { useRemoval } from './useRemoval';
import type { CommentEntry } from '@vgl/shared';
import { useRef, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { ConfirmRemoval } from '../../components/ConfirmRemoval';
import { ReviewBody } from '../../components/review/ReviewBody';
import { RemoteAccount } from '../federation/RemoteAccount';
import { BlockRemoteButton } from '../federation/BlockRemoteButton';
import { HiddenMark } from '../reports/HiddenMark';
import { ReportButton } from '../reports/ReportButton';
import styles from './comments.module.css';

type RemoteComment = CommentEntry & { remote: NonNullable<CommentEntry['remote']> };

interface RemoteCommentItemProps {
  comment: RemoteComment;
  /** Hides it (a moderator, or the review's author); rejects when the server refuses. */
  onRemove: () => Promise<unknown>;
}

const commentDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * A reply from the fediverse among a review's comments: who wrote it there (linking out, with the server as the
 * remote mark), its text as plain text under the review rules, a link to where it was written, and Remove for
 * those who may hide it, Report (into the moderators' queue) and Block (its account) for signed-in members. It is not
 * liked or edited here: those calls are for members' comments.
 */
export function RemoteCommentItem({ comment, onRemove }: RemoteCommentItemProps) {
  const { actor, url, viewerCanRemove } = comment.remote;
  const [confirming, setConfirming] = useState(false);
  const { busy: removing, failed, run: remove } = useRemoval(onRemove, 'the remote comment');
  const removeButton = useRef<HTMLButtonElement>(null);
  const created = new Date(comment.date.created);
  const edited = comment.date.updated > comment.date.created;

  return (
    <article id={`comment-${comment._id}`} className={styles.comment} aria-label={`Comment by ${actor.handle}, from ${actor.host}`}>
      <span className={styles.avatar} aria-hidden="true">
        <Avatar avatar={null} size="md" />
      </span>
      <div className={styles.main}>
        <header className={styles.byline}>
          <RemoteAccount actor={actor} withHandle className={styles.username} />
          <time dateTime={created.toISOString()} title={fullDate.format(created)} className={styles.date}>
            {commentDate.format(created)}
          </time>
          {edited && <span className={styles.edited}>(edited)</span>}
          {comment.hiddenByModerator && <HiddenMark />}
        </header>
        <div className={styles.body}>
          <ReviewBody text={comment.body} />
        </div>
        <footer className={styles.actions}>
          {url && (
            <a href={url} className={styles.action} target="_blank" rel="noopener noreferrer nofollow ugc">
              View on {actor.host}
            </a>
          )}
          {viewerCanRemove && !confirming && (
            <button ref={removeButton} type="button" className={styles.action} onClick={() => setConfirming(true)}>
              Remove
            </button>
          )}
          {!confirming && <ReportButton target={{ type: 'fed_reply', id: comment.id }} author={actor.handle} className={styles.action} />}
          {!confirming && <BlockRemoteButton account={actor.id} handle={actor.handle} className={styles.action} />}
        </footer>
        {confirming && (
          <ConfirmRemoval
            question={`Remove this reply from ${actor.host}? It will no longer show here.`}
            confirmLabel="Remove reply"
            busyLabel="Removing…"
            failedText="The reply could not be removed. Please try again."
            busy={removing}
            failed={failed}
            onKeep={() => {
              setConfirming(false);
              window.setTimeout(() => removeButton.current?.focus());
            }}
            onConfirm={() => void remove()}
          />
        )}
      </div>
    </article>
  );
}
