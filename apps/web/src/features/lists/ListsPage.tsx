import { LIST_LIMITS } from '@vgl/shared';
import { useNavigate } from 'react-router';
import { PagedList } from '../../components/PagedList';
import { usePageMeta } from '../../lib/pageMeta';
import { usePageParam } from '../catalog/usePageParam';
import { useUsernameParam } from '../profile/profilePaths';
import { useDisplayName } from '../profile/useDisplayName';
import { useIsOwner } from '../profile/useIsOwner';
import { ListGrid } from './ListCard';
import { ListFormDialog } from './ListFormDialog';
import { listPagePath } from './listPaths';
import { useUserLists } from './listsApi';
import { openModalFrom } from './modalFocus';
import styles from './lists.module.css';

const TEXTS = {
  failed: 'The lists could not be loaded. Please try again.',
  loading: 'Loading lists…',
  empty: 'No lists yet.',
};

/** /u/{username}/lists: the member's lists, last changed first; the owner makes new ones here. */
export function ListsPage() {
  const username = useUsernameParam();
  const page = usePageParam();
  const lists = useUserLists(username, page);
  const displayName = useDisplayName(username);
  const isOwner = useIsOwner(username);
  const navigate = useNavigate();
  usePageMeta({ title: `${displayName}'s Lists` });
  return (
    <section aria-labelledby="lists-heading">
      <div className={styles.head}>
        <h2 id="lists-heading">Lists</h2>
        {isOwner && (
          <button type="button" className="button button-primary button-small" onClick={(e) => openModalFrom('list-form', e.currentTarget)}>
            New list
          </button>
        )}
      </div>
      <PagedList
        data={lists.data}
        failed={lists.isError && !lists.data}
        page={page}
        perPage={LIST_LIMITS.listsPerPage}
        texts={isOwner ? { ...TEXTS, empty: 'No lists yet. Make one, then add games from any game page or games grid.' } : TEXTS}
      >
        {({ items }) => <ListGrid lists={items} showAuthor={false} label={`${displayName}'s lists`} />}
      </PagedList>
      {isOwner && <ListFormDialog username={username} onSaved={(list) => void navigate(listPagePath(username, list.slug))} />}
    </section>
  );
}
