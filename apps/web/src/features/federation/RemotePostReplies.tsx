import type { RemotePost, RemotePostReply } from '@vgl/shared';
import { useRef, useState } from 'react';
import { ConfirmRemoval } from '../../components/ConfirmRemoval';
import { RelativeTime } from '../../components/RelativeTime';
import { ApiRequestError } from '../../lib/api';
import { CommentEditor } from '../comments/CommentEditor';
import { useRemoval } from '../comments/useRemoval';
import { useDeleteRemoteReply, useReplyToRemotePost } from './followingApi';
import { PlainParagraphs } from './PlainParagraphs';
import styles from './following.module.css';

/** What to tell the member when their reply was refused or could not be sent. */
export function replyFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 400) return error.body?.errors?.text ?? error.body?.message ?? 'Write something first.';
    if (error.status === 401) return 'Your session has ended. Log in again to reply.';
    if (error.status < 500 && error.body?.message) return error.body.message;
  }
  console.error('Sending the reply failed', error);
  return 'The reply could not be sent. Please try again.';
}

/** One of the member's replies: when, its text, and Delete behind a confirmation. */
function OwnReply({ reply, postId, now }: { reply: RemotePostReply; postId: number; now: number }) {
  const remove = useDeleteRemoteReply(postId);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const { busy, failed, run } = useRemoval(() => remove.mutateAsync(reply.id), 'the reply');
  return (
    <li className={styles.reply}>
      <p className={styles.replyMeta}>
        You replied <RelativeTime at={reply.created} now={now} />
      </p>
      <div className={styles.text}>
        <PlainParagraphs text={reply.text} />
      </div>
      {confirming ? (
        <ConfirmRemoval
          question="Delete this reply? Their server is asked to delete it too."
          confirmLabel="Delete reply"
          busyLabel="Deleting…"
          failedText="The reply could not be deleted. Please try again."
          busy={busy}
          failed={failed}
          onKeep={() => {
            setConfirming(false);
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
          onConfirm={() => void run()}
        />
      ) : (
        <button ref={deleteButton} type="button" className="button button-ghost button-small" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
    </li>
  );
}

/**
 * Under a post from another server: the member's own replies to it (sent
 * there, public), and the form that sends one while `replying`.
 */
export function RemotePostReplies({ post, now, replying, onDone }: { post: RemotePost; now: number; replying: boolean; onDone: () => void }) {
  const send = useReplyToRemotePost(post.id);
  return (
    <>
      {post.viewerReplies.length > 0 && (
        <ul className={styles.replies} aria-label="Your replies">
          {post.viewerReplies.map((reply) => (
            <OwnReply key={reply.id} reply={reply} postId={post.id} now={now} />
          ))}
        </ul>
      )}
      {replying && (
        <div className={styles.replyForm}>
          <p className={styles.hint}>
            Your reply is public: it is sent to {post.account.host}, where anyone can read it.
          </p>
          <CommentEditor
            label={`Reply to ${post.account.name}`}
            submitLabel="Send"
            pendingLabel="Sending…"
            autoFocus
            failureText={replyFailure}
            onSubmit={async (text) => {
              await send.mutateAsync(text);
              onDone();
            }}
            onCancel={onDone}
          />
        </div>
      )}
    </>
  );
}
