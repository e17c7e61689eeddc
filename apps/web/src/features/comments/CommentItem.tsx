import { useRemoval } from './useRemoval';
import { commentEntityId, type CommentEntry } from '@vgl/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { ConfirmRemoval } from '../../components/ConfirmRemoval';
import { LikeButton } from '../../components/review/LikeButton';
import { ReviewBody } from '../../components/review/ReviewBody';
import { profilePath } from '../profile/profilePaths';
import { HiddenMark } from '../reports/HiddenMark';
import { ReportButton } from '../reports/ReportButton';
import { CommentEditor } from './CommentEditor';
import styles from './comments.module.css';

interface CommentItemProps {
  comment: CommentEntry;
  onSave: (body: string) => Promise<unknown>;
  /** Rejects when the server refuses; the comment then stays. */
  onDelete: () => Promise<unknown>;
}

// Like the review card's date: "Nov 22, 2026" in the reader's time zone.
const commentDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** One comment: who and when, the text with the review rules (SPEC §5), its like button, and Edit/Delete as viewerCan allows. */
export function CommentItem({ comment, onSave, onDelete }: CommentItemProps) {
  const { user, viewerCan } = comment;
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const { busy: deleting, failed: deleteFailed, run: confirmDelete } = useRemoval(onDelete, 'the comment');
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const created = new Date(comment.date.created);
  const edited = comment.date.updated > comment.date.created;

  // Back to reading: focus returns to the button that left it, not to the top of the page.
  const backTo = (button: typeof editButton) => {
    setMode('view');
    window.setTimeout(() => button.current?.focus());
  };

  return (
    <article id={`comment-${comment.id}`} className={styles.comment} aria-label={`Comment by ${user.username}`}>
      <Link to={profilePath(user.username)} className={styles.avatar} tabIndex={-1} aria-hidden="true">
        <Avatar avatar={user.avatar} size="md" />
      </Link>
      <div className={styles.main}>
        <header className={styles.byline}>
          <Link to={profilePath(user.username)} className={styles.username}>
            {user.username}
          </Link>
          <time dateTime={created.toISOString()} title={fullDate.format(created)} className={styles.date}>
            {commentDate.format(created)}
          </time>
          {edited && <span className={styles.edited}>(edited)</span>}
          {comment.hiddenByModerator && <HiddenMark />}
        </header>
        {mode === 'edit' ? (
          <CommentEditor
            label="Edit comment"
            initial={comment.body}
            submitLabel="Save"
            pendingLabel="Saving…"
            autoFocus
            onSubmit={async (body) => {
              await onSave(body);
              backTo(editButton);
            }}
            onCancel={() => backTo(editButton)}
          />
        ) : (
          <div className={styles.body}>
            <ReviewBody text={comment.body} />
          </div>
        )}
        {mode !== 'edit' && (
          <footer className={styles.actions}>
            <LikeButton entityId={commentEntityId(comment.id)} count={comment.likes} />
            {viewerCan.edit && (
              <button ref={editButton} type="button" className={styles.action} onClick={() => setMode('edit')}>
                Edit
              </button>
            )}
            {viewerCan.delete && mode === 'view' && (
              <button ref={deleteButton} type="button" className={styles.action} onClick={() => setMode('confirm-delete')}>
                Delete
              </button>
            )}
            {mode === 'view' && <ReportButton target={{ type: 'comment', id: comment.id }} author={user.username} className={styles.action} />}
          </footer>
        )}
        {mode === 'confirm-delete' && (
          <ConfirmRemoval
            question="Delete this comment? This can't be undone."
            confirmLabel="Delete comment"
            busyLabel="Deleting…"
            failedText="The comment could not be deleted. Please try again."
            busy={deleting}
            failed={deleteFailed}
            onKeep={() => backTo(deleteButton)}
            onConfirm={() => void confirmDelete()}
          />
        )}
      </div>
    </article>
  );
}
