import { MEMBER_SORTS, PEOPLE_LIMITS, type MemberSort } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PagedList } from '../../components/PagedList';
import { ApiRequestError } from '../../lib/api';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { usePageParam } from '../catalog/usePageParam';
import { UserCardItem } from '../follows/UserCardItem';
import { memberDetails } from './memberDetails';
import { useMembers } from './peopleApi';
import { PeopleYouMayKnow } from './PeopleYouMayKnow';
import follows from '../follows/follows.module.css';
import styles from './people.module.css';

const SORT_LABELS: Record<MemberSort, string> = { active: 'Recently active', followers: 'Most followed' };

const sortOf = (value: string | null): MemberSort => (MEMBER_SORTS as readonly string[]).includes(value ?? '') ? (value as MemberSort) : 'active';

/** "?sort=followers" for the directory (active is the default, so it is left out); the page is always the first. */
const sortHref = (sort: MemberSort) => (sort === 'active' ? '/members' : `/members?sort=${sort}`);

/**
 * /members: every member, the most recently active or the most followed
 * first, or those whose name matches `?q=`; paged with p. Signed in, people
 * you may know come first.
 */
export function MembersPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const sort = sortOf(params.get('sort'));
  const page = usePageParam();
  const signedIn = useAuth((s) => s.user !== null);
  const members = useMembers({ q, sort, page });
  usePageMeta({ title: q ? `Members: ${q}` : 'Members' });

  const failure =
    members.error instanceof ApiRequestError && members.error.status < 500 && members.error.body
      ? members.error.body.message
      : 'The members could not be loaded. Please try again.';
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1>{q ? <>Members matching “{q}”</> : 'Members'}</h1>
        <MemberSearchBox initial={q} />
      </header>
      {!q && signedIn && page === 1 && <PeopleYouMayKnow whenEmpty="Follow a few members, and the people they follow will show up here." />}
      {!q && (
        <nav className={styles.sorts} aria-label="Order of members">
          {MEMBER_SORTS.map((s) => (
            <Link key={s} to={sortHref(s)} className="button button-ghost button-small" aria-current={s === sort ? 'page' : undefined}>
              {SORT_LABELS[s]}
            </Link>
          ))}
        </nav>
      )}
      {members.data && members.data.total > 0 && (
        <p className={styles.count}>
          {members.data.total.toLocaleString('en-US')} {members.data.total === 1 ? 'member' : 'members'}
        </p>
      )}
      <PagedList
        data={members.data}
        failed={members.isError}
        page={page}
        perPage={PEOPLE_LIMITS.perPage}
        texts={{ failed: failure, loading: 'Loading…', empty: q ? `No member’s name contains “${q}”.` : 'No members yet.' }}
      >
        {({ items }) => (
          <ul className={follows.cards} aria-busy={members.isFetching}>
            {items.map((member) => (
              <li key={member.username}>
                <UserCardItem user={member} details={memberDetails(member)} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

/** The page's own search box: a name, or part of one; empty goes back to the directory. */
function MemberSearchBox({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // Another search (the nav's, a link) changed ?q=: the box shows it.
  if (seen !== initial) {
    setSeen(initial);
    setValue(initial);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    navigate(q ? `/members?${new URLSearchParams({ q })}` : '/members');
  };
  return (
    <form role="search" className={styles.searchBox} onSubmit={submit}>
      <input
        type="search"
        name="q"
        value={value}
        maxLength={PEOPLE_LIMITS.queryMax}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Find a member by name"
        aria-label="Find a member by name"
        className={styles.searchInput}
      />
      <button type="submit" className="button button-primary button-small">
        Search
      </button>
    </form>
  );
}
