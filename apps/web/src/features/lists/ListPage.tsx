import { coverImageUrl, type ListDetail } from '@vgl/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { LikeButton } from '../../components/review/LikeButton';
import { ReviewBody } from '../../components/review/ReviewBody';
import { usePageMeta } from '../../lib/pageMeta';
import { isNotFound } from '../catalog/isNotFound';
import { CommentsSection } from '../comments/CommentsSection';
import { NotFoundPage } from '../errors/NotFoundPage';
import { formatLongDay } from '../profile/dates';
import { profilePath, useUsernameParam } from '../profile/profilePaths';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ListFormDialog } from './ListFormDialog';
import { ListItems } from './ListItems';
import { listPagePath, listsPagePath } from './listPaths';
import { useDeleteList, useList } from './listsApi';
import { openModalFrom } from './modalFocus';
import { HiddenMark } from '../reports/HiddenMark';
import { ReportButton } from '../reports/ReportButton';
import styles from './lists.module.css';

const gamesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'game' : 'games'}`;

function ListView({ list }: { list: ListDetail }) {
  const { user } = list;
  const navigate = useNavigate();
  const remove = useDeleteList(user.username, list.slug);
  const [editing, setEditing] = useState(false);
  const first = list.preview.find((game) => game.cover);
  usePageMeta({
    title: `${list.title}, a list by ${user.username}`,
    description: list.excerpt ?? `${gamesText(list.games)} in a list by ${user.username}.`,
    image: first?.cover ? coverImageUrl(first.cover) : undefined,
  });

  return (
    <article className={styles.page}>
      <header>
        <Link to={`${profilePath(user.username)}/lists`} className={styles.author}>
          <Avatar avatar={user.avatar} size="md" />
          <span>List by {user.username}</span>
        </Link>
        <h1 className={styles.title}>{list.title}</h1>
        <p className={styles.facts}>
          <span>{gamesText(list.games)}</span>
          {list.ranked && <span className={styles.badge}>Ranked</span>}
          {!list.isPublic && <span className={styles.badge}>{list.visibility === 'followers' ? 'Followers' : 'Private'}</span>}
          {list.hiddenByModerator && <HiddenMark />}
          <span>Updated {formatLongDay(new Date(list.updatedAt).toISOString())}</span>
        </p>
      </header>
      {list.description && (
        <div className={styles.description}>
          <ReviewBody text={list.description} />
        </div>
      )}
      <div className={styles.actions}>
        {list.isPublic && <LikeButton entityId={list._id} count={list.likes} />}
        {list.viewerCan.edit && (
          <>
            <button type="button" className="button button-ghost button-small" onClick={(e) => openModalFrom('list-form', e.currentTarget)}>
              Edit list
            </button>
            <button type="button" className="button button-ghost button-small" aria-pressed={editing} onClick={() => setEditing((on) => !on)}>
              {editing ? 'Done editing games' : 'Reorder and edit games'}
            </button>
          </>
        )}
        {list.viewerCan.delete && (
          <button type="button" className="button button-ghost button-small" onClick={(e) => openModalFrom('list-delete', e.currentTarget)}>
            Delete list
          </button>
        )}
        {(list.isPublic || list.visibility === 'followers') && <ReportButton target={{ type: 'list', id: list.id }} author={user.username} />}
      </div>
      <ListItems list={list} username={user.username} editing={editing} />
      <CommentsSection target={{ kind: 'list', username: user.username, slug: list.slug }} count={list.comments} />
      {list.viewerCan.edit && <ListFormDialog username={user.username} list={list} onSaved={() => undefined} />}
      {list.viewerCan.delete && (
        <ConfirmDeleteDialog
          title={list.title}
          onConfirm={async () => {
            await remove.mutateAsync();
            void navigate(listsPagePath(user.username), { replace: true });
          }}
        />
      )}
    </article>
  );
}

/** /u/{username}/lists/{slug}: a list with its games in order, its likes and its comments. */
export function ListPage() {
  const username = useUsernameParam();
  const { slug = '' } = useParams();
  const list = useList(username, slug);
  if (isNotFound(list.error)) return <NotFoundPage />;
  if (!list.data) return <p role="status">{list.isError ? 'The list could not be loaded. Please try again.' : 'Loading…'}</p>;
  return <ListView key={listPagePath(username, slug)} list={list.data} />;
}
