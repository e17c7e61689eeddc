import { LIBRARY_LIMITS, type DiaryEntry } from '@vgl/shared';
import { PagedList } from '../../components/PagedList';
import { usePageMeta } from '../../lib/pageMeta';
import { showToast } from '../../stores/toast';
import { usePageParam } from '../catalog/usePageParam';
import { formatLongDay } from './dates';
import { DiaryRow } from './DiaryRow';
import { groupByMonth } from './diaryMonths';
import { useDeleteDiaryEntry, useDiary } from './profileApi';
import { useUsernameParam } from './profilePaths';
import { useDisplayName } from './useDisplayName';
import { useIsOwner } from './useIsOwner';
import styles from './diary.module.css';
import common from './profile.module.css';

const DIARY_TEXTS = {
  failed: 'The diary could not be loaded. Please try again.',
  loading: 'Loading the diary…',
  empty: 'Nothing in the diary yet.',
};

/** /u/{username}/diary: every logged play, newest first, under month headings. */
export function DiaryPage() {
  const username = useUsernameParam();
  const page = usePageParam();
  const diary = useDiary(username, page);
  const isOwner = useIsOwner(username);
  const remove = useDeleteDiaryEntry(username);
  const displayName = useDisplayName(username);
  usePageMeta({ title: `${displayName}'s Diary` });

  const onDelete = (entry: DiaryEntry) => {
    if (!window.confirm(`Delete the diary entry for ${entry.game.name} on ${formatLongDay(entry.playedOn)}?`)) return;
    remove.mutate(entry.id, {
      onError: () => showToast({ variant: 'alert', text: 'The diary entry could not be deleted. Please try again.' }),
    });
  };

  return (
    <section aria-labelledby="diary-heading">
      <div className={common.sectionHead}>
        <h2 id="diary-heading">Diary</h2>
      </div>
      <PagedList data={diary.data} failed={diary.isError} page={page} perPage={LIBRARY_LIMITS.diaryPerPage} texts={DIARY_TEXTS}>
        {({ items }) =>
          groupByMonth(items).map((month) => (
            <section key={month.key} className={styles.month} aria-labelledby={`diary-${month.key}`}>
              <h3 id={`diary-${month.key}`} className={styles.monthHeading}>
                {month.label}
              </h3>
              <ol className={styles.rows}>
                {month.entries.map((entry) => (
                  <DiaryRow
                    key={entry.id}
                    entry={entry}
                    username={username}
                    onDelete={isOwner ? onDelete : undefined}
                    deleting={remove.isPending && remove.variables === entry.id}
                  />
                ))}
              </ol>
            </section>
          ))
        }
      </PagedList>
    </section>
  );
}
