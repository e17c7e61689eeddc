import { membersHref } from '@vgl/shared';
import { Link } from 'react-router';
import { UserCardItem } from '../follows/UserCardItem';
import { memberDetails } from './memberDetails';
import { useMembers } from './peopleApi';
import follows from '../follows/follows.module.css';
import styles from './people.module.css';

/** Members /search shows above the games: the best few, and the way to all of them. */
const SHOWN = 4;

/** The Members part of /search: members whose name matches, when any do (the games stay the page's subject). */
export function SearchMembers({ q }: { q: string }) {
  const members = useMembers({ q, sort: 'active', page: 1, limit: SHOWN });
  const found = members.data;
  if (!found || found.items.length === 0) return null;
  return (
    <section className={styles.searchMembers} aria-labelledby="search-members">
      <div className={styles.sectionHead}>
        <h2 id="search-members" className={styles.sectionHeading}>
          Members
        </h2>
        {found.total > found.items.length ? (
          <Link to={membersHref(q)}>
            All {found.total.toLocaleString('en-US')} members matching “{q}”
          </Link>
        ) : (
          <Link to={membersHref()}>Browse all members</Link>
        )}
      </div>
      <ul className={follows.cards}>
        {found.items.map((member) => (
          <li key={member.username}>
            <UserCardItem user={member} details={memberDetails(member)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
