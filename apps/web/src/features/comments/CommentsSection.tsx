import { pageCount, SOCIAL_LIMITS } from '@vgl/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { useAuth } from '../../stores/auth';
import { openModal } from '../../stores/modals';
import { CommentEditor } from './CommentEditor';
import { CommentItem } from './CommentItem';
import { RemoteCommentItem } from './RemoteCommentItem';
import { useComments, useDeleteComment, useEditComment, usePostComment, useRemoveRemoteReply, type CommentTarget } from './commentsApi';
import styles from './comments.module.css';

/** Comments have their own page parameter, so they never clash with a page's own "p". */
export const COMMENT_PAGE_PARAM = 'cp';

const perPage = SOCIAL_LIMITS.commentsPerPage;

function useCommentPage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(COMMENT_PAGE_PARAM));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const goTo = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 1) updated.delete(COMMENT_PAGE_PARAM);
        else updated.set(COMMENT_PAGE_PARAM, String(next));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [page, goTo];
}

interface CommentsSectionProps {
  /** The review or list the comments are under. */
  target: CommentTarget;
  /** Its count, shown until the comments themselves arrive. */
  count: number;
}

/**
 * The comments of a review page or a list page (id "comments", the review card's link target):
 * oldest first, a page at a time, with the form for members and a log-in
 * prompt for visitors.
 */
export function CommentsSection({ target: review, count }: CommentsSectionProps) {
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  const [page, goToPage] = useCommentPage();
  const comments = useComments(review, page);
  const post = usePostComment(review);
  const edit = useEditComment(review);
  const remove = useDeleteComment(review);
  const removeRemote = useRemoveRemoteReply(review);
  const heading = useRef<HTMLHeadingElement>(null);
  const total = comments.data?.total ?? count;
  const loaded = comments.data !== undefined || comments.isError;

  useScrollToCommentsOnce(loaded);

  // Deleting the last comment of the last page leaves that page empty: show the one before.
  const lastPage = pageCount(total, perPage);
  const pastTheEnd = comments.data !== undefined && !comments.isPlaceholderData && comments.data.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) goToPage(lastPage);
  });

  async function postComment(body: string) {
    await post.mutateAsync(body);
    // Oldest first: the new comment is the last one, on the last page.
    const newLast = pageCount(total + 1, perPage);
    if (newLast !== page) goToPage(newLast);
  }

  async function deleteComment(id: number) {
    await remove.mutateAsync(id);
    heading.current?.focus();
  }

  async function removeRemoteReply(id: number) {
    await removeRemote.mutateAsync(id);
    heading.current?.focus();
  }

  return (
    <section id="comments" className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading" ref={heading} tabIndex={-1}>
        Comments ({total.toLocaleString('en-US')})
      </h2>
      {comments.isError && !comments.data ? (
        <p className={styles.status} role="alert">
          The comments could not be loaded. Please try again.
        </p>
      ) : !comments.data ? (
        <p className={styles.status} role="status">
          Loading comments…
        </p>
      ) : comments.data.items.length === 0 ? (
        <p className={styles.empty}>No comments yet.</p>
      ) : (
        <>
          <ol className={styles.list} aria-busy={comments.isFetching}>
            {/* By _id: a reply from the fediverse has ids of its own ("r" + id), which may equal a comment's. */}
            {comments.data.items.map((comment) => (
              <li key={comment._id}>
                {comment.remote ? (
                  <RemoteCommentItem comment={{ ...comment, remote: comment.remote }} onRemove={() => removeRemoteReply(comment.id)} />
                ) : (
                  <CommentItem
                    comment={comment}
                    onSave={(body) => edit.mutateAsync({ id: comment.id, body })}
                    onDelete={() => deleteComment(comment.id)}
                  />
                )}
              </li>
            ))}
          </ol>
          <Pagination page={page} total={total} perPage={perPage} param={COMMENT_PAGE_PARAM} scrollTo="comments" label="Comment pages" />
        </>
      )}
      {isAuthenticated ? (
        <div className={styles.compose}>
          <CommentEditor label="Comment" submitLabel="Post comment" pendingLabel="Posting…" clearOnSuccess onSubmit={postComment} />
        </div>
      ) : (
        <div className={styles.visitor}>
          <p>Join the conversation about this {review.kind === 'list' ? 'list' : 'review'}.</p>
          <button type="button" className="button button-ghost button-small" onClick={() => openModal('login')}>
            Log in to comment
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * A link to …/#comments (or to one comment, #comment-{id}, when it is on the
 * page shown) lands there once the comments have loaded and their height is
 * known; the timeout lets the layout's scroll-to-top on a new page run first.
 * Only once: paging and posting must not pull the page back.
 */
function useScrollToCommentsOnce(loaded: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    const wanted = hash === '#comments' || hash.startsWith('#comment-');
    if (!wanted || !loaded || done.current) return;
    const timer = window.setTimeout(() => {
      done.current = true;
      (document.getElementById(hash.slice(1)) ?? document.getElementById('comments'))?.scrollIntoView();
    });
    return () => window.clearTimeout(timer);
  }, [hash, loaded]);
}
