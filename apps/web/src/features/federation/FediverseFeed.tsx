import { FollowElsewhere } from './FollowElsewhere';
import { FollowingList } from './FollowingList';
import { useRemoteFeed } from './followingApi';
import { RemotePostItem } from './RemotePostItem';
import styles from './following.module.css';

/**
 * The Activity page's "Other servers" tab (issue 40): follow someone on
 * Mastodon or another VGL, the accounts followed, and their posts, newest
 * first. Their posts come once their server has accepted the follow.
 */
export function FediverseFeed() {
  const feed = useRemoteFeed();
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className={styles.fediverse}>
      <FollowElsewhere />
      <FollowingList />
      <section className={styles.section} aria-labelledby="posts-elsewhere">
        <h2 id="posts-elsewhere">Their posts</h2>
        {feed.isError && !feed.data ? (
          <p role="alert">Their posts could not be loaded. Please try again.</p>
        ) : !feed.data ? (
          <p role="status">Loading posts…</p>
        ) : posts.length === 0 ? (
          <p className={styles.hint}>No posts yet. What they post shows here once their server has accepted your follow.</p>
        ) : (
          <>
            <ol className={styles.posts}>
              {posts.map((post) => (
                <RemotePostItem key={post.id} post={post} now={feed.dataUpdatedAt} />
              ))}
            </ol>
            {feed.isFetchNextPageError && <p role="alert">Older posts could not be loaded. Please try again.</p>}
            {feed.hasNextPage && (
              <div className={styles.more}>
                <button type="button" className="button button-ghost" disabled={feed.isFetchingNextPage} aria-busy={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                  {feed.isFetchingNextPage ? 'Loading…' : 'Older posts'}
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
