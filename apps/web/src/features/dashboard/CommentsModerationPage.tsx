import { ADMIN_LIMITS, type AdminComment } from '@vgl/shared';
import { useState } from 'react';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { useAdminComments, useDeleteComment } from './dashboardApi';
import { ListStatus, SearchBox, useListParams } from './ListControls';
import { ModeratedComment } from './ModeratedItem';
import { askForReason, ReasonDialog } from './ReasonDialog';
import styles from './dashboard.module.css';

/** /dashboard/comments: comments, newest first, searched by author, game or text; delete with a reason. */
export function CommentsModerationPage() {
  usePageMeta({ title: 'Comments | Dashboard' });
  const { q, page } = useListParams();
  const comments = useAdminComments(q, page);
  const remove = useDeleteComment();
  const [removing, setRemoving] = useState<AdminComment | null>(null);
  const data = comments.data;

  return (
    <section className={styles.section} aria-labelledby="dashboard-comments">
      <h2 id="dashboard-comments">Comments</h2>
      <SearchBox label="Search comments" placeholder="Author, game or text" />
      <ListStatus what="comments" error={comments.error} count={data ? data.items.length : null} />
      {data && data.items.length > 0 && (
        <>
          <ol className={styles.items} aria-busy={comments.isFetching}>
            {data.items.map((comment) => (
              <li key={comment.id}>
                <ModeratedComment comment={comment}>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Delete ${comment.user.username}'s comment`}
                    onClick={() => {
                      setRemoving(comment);
                      askForReason();
                    }}
                  >
                    Delete
                  </button>
                </ModeratedComment>
              </li>
            ))}
          </ol>
          <Pagination page={page} total={data.total} perPage={ADMIN_LIMITS.perPage} label="Pages of comments" />
        </>
      )}
      {removing && (
        <ReasonDialog
          title={`Delete ${removing.user.username}'s comment`}
          hint={`${removing.user.username} is told this reason in a notification.`}
          submitLabel="Delete comment"
          pendingLabel="Deleting…"
          onSubmit={(reason) => remove.mutateAsync({ target: removing, reason })}
        />
      )}
    </section>
  );
}
