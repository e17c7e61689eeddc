import { SOCIAL_LIMITS } from '@vgl/shared';
import { PagedList } from '../../components/PagedList';
import { usePageMeta } from '../../lib/pageMeta';
import { usePageParam } from '../catalog/usePageParam';
import { useUsernameParam } from '../profile/profilePaths';
import { useDisplayName } from '../profile/useDisplayName';
import { useFollowList, type FollowList } from './followsApi';
import { UserCardItem } from './UserCardItem';
import common from '../profile/profile.module.css';
import styles from './follows.module.css';

const HEADINGS: Record<FollowList, string> = { following: 'Following', followers: 'Followers' };

const LIST_TEXTS = { failed: 'The list could not be loaded. Please try again.', loading: 'Loading…', empty: 'Nothing found.' };

const titleOf = (list: FollowList, name: string) => (list === 'following' ? `${name} follows` : `${name}'s followers`);

/** /u/{username}/following and /u/{username}/followers: people as cards, paged with p. */
function UserListPage({ list }: { list: FollowList }) {
  const username = useUsernameParam();
  const page = usePageParam();
  const people = useFollowList(username, list, page);
  const displayName = useDisplayName(username);
  usePageMeta({ title: titleOf(list, displayName) });
  const headingId = `${list}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className={common.sectionHead}>
        <h2 id={headingId}>{HEADINGS[list]}</h2>
      </div>
      <PagedList data={people.data} failed={people.isError} page={page} perPage={SOCIAL_LIMITS.usersPerPage} texts={LIST_TEXTS}>
        {({ items }) => (
          <ul className={styles.cards} aria-busy={people.isFetching}>
            {items.map((user) => (
              <li key={user.username}>
                <UserCardItem user={user} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

export const FollowingPage = () => <UserListPage list="following" />;
export const FollowersPage = () => <UserListPage list="followers" />;
