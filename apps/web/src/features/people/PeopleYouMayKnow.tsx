import { membersHref } from '@vgl/shared';
import { Link } from 'react-router';
import { UserCardItem } from '../follows/UserCardItem';
import { memberDetails } from './memberDetails';
import { usePeopleYouMayKnow } from './peopleApi';
import follows from '../follows/follows.module.css';
import styles from './people.module.css';

/**
 * Members followed by the people the viewer follows, most shared first. On
 * the members page an empty list says how it fills (`whenEmpty`); elsewhere
 * (the activity page) nothing shows until there is someone to suggest.
 */
export function PeopleYouMayKnow({ whenEmpty, limit }: { whenEmpty?: string; limit?: number }) {
  const known = usePeopleYouMayKnow();
  const all = known.data?.items ?? [];
  const items = limit === undefined ? all : all.slice(0, limit);
  if (known.isError || !known.data || (items.length === 0 && !whenEmpty)) return null;
  return (
    <section className={styles.mayKnow} aria-labelledby="people-you-may-know">
      <div className={styles.sectionHead}>
        <h2 id="people-you-may-know" className={styles.sectionHeading}>
          People you may know
        </h2>
        {all.length > items.length && <Link to={membersHref()}>More on the members page</Link>}
      </div>
      {items.length === 0 ? (
        <p className={styles.hint}>{whenEmpty}</p>
      ) : (
        <ul className={follows.cards}>
          {items.map((member) => (
            <li key={member.username}>
              <UserCardItem user={member} details={memberDetails(member)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
