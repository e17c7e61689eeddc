import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_LIMITS, type DiaryEntry } from '@vgl/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../components/PagedList';
import { usePageMeta } from '../../lib/pageMeta';
import { showToast } from '../../stores/toast';
import { usePageParam } from '../catalog/usePageParam';
import { ConfirmDelete } from '../journal/ConfirmDelete';
import { deleteSession, invalidateSession, useDiaryFilters } from '../journal/journalApi';
import { LogSessionButton } from '../journal/LogSessionButton';
import { SessionForm } from '../journal/SessionForm';
import { formatLongDay } from './dates';
import { DiaryFiltersForm, parsePlatform, parseYear } from './DiaryFiltersForm';
import { DiaryRow, diaryButtonId } from './DiaryRow';
import { groupByMonth } from './diaryMonths';
import { useDiary } from './profileApi';
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
const FILTERED_TEXTS = { ...DIARY_TEXTS, empty: 'No diary entries match these filters.' };

/** What the owner is doing to one entry: editing it in place, or being asked whether to delete it. */
type RowMode = { id: number; mode: 'edit' | 'delete' } | null;

/**
 * /u/{username}/diary?year=&platform=&p=: every logged play, newest first,
 * under month headings. The owner logs sessions, and edits or deletes each
 * entry in its place; focus comes back to the button that opened a form.
 */
export function DiaryPage() {
  const username = useUsernameParam();
  const page = usePageParam();
  const [params, setParams] = useSearchParams();
  const year = parseYear(params.get('year'));
  const platform = parsePlatform(params.get('platform'));
  const diary = useDiary(username, page, { year, platform });
  const filters = useDiaryFilters(username);
  const isOwner = useIsOwner(username);
  const displayName = useDisplayName(username);
  usePageMeta({ title: `${displayName}'s Diary` });

  const client = useQueryClient();
  const [row, setRow] = useState<RowMode>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes once the row is drawn again: a button's id, or the heading when the entry is gone.
  const focusTo = useRef<string | null>(null);
  useEffect(() => {
    if (focusTo.current === null) return;
    (document.getElementById(focusTo.current) ?? headingRef.current)?.focus();
    focusTo.current = null;
  });

  const remove = useMutation({
    mutationFn: (entry: DiaryEntry) => deleteSession(username, entry.id),
    onSuccess: async (_, entry) => {
      focusTo.current = 'diary-heading';
      setRow(null);
      showToast({ variant: 'success', text: `The entry for ${entry.game.name} on ${formatLongDay(entry.playedOn)} is deleted.` });
      await invalidateSession(client, username, entry.game.slug);
    },
    onError: () => showToast({ variant: 'alert', text: 'The diary entry could not be deleted. Please try again.' }),
  });

  const close = (entry: DiaryEntry, button: 'edit' | 'delete') => {
    focusTo.current = diaryButtonId(entry, button);
    setRow(null);
  };

  // A new filter starts again at page 1; "all" stays out of the URL.
  const setFilter = (name: 'year' | 'platform', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('p');
    setParams(next);
  };

  const renderEntry = (entry: DiaryEntry) => {
    const mode = row?.id === entry.id ? row.mode : null;
    if (mode === 'edit') {
      return (
        <li key={entry.id} className={styles.editing}>
          <SessionForm username={username} entry={entry} inline onSaved={() => close(entry, 'edit')} onCancel={() => close(entry, 'edit')} />
        </li>
      );
    }
    return (
      <DiaryRow
        key={entry.id}
        entry={entry}
        username={username}
        actions={
          isOwner
            ? { onEdit: () => setRow({ id: entry.id, mode: 'edit' }), onDelete: () => setRow({ id: entry.id, mode: 'delete' }), busy: remove.isPending }
            : undefined
        }
        below={
          mode === 'delete' ? (
            <ConfirmDelete
              question={`Delete the entry for ${entry.game.name} on ${formatLongDay(entry.playedOn)}? Its time no longer counts to the game.`}
              busy={remove.isPending}
              onConfirm={() => remove.mutate(entry)}
              onKeep={() => close(entry, 'delete')}
            />
          ) : undefined
        }
      />
    );
  };

  const filtered = year !== undefined || platform !== undefined;
  return (
    <section aria-labelledby="diary-heading">
      <div className={common.sectionHead}>
        <h2 id="diary-heading" ref={headingRef} tabIndex={-1}>
          Diary
        </h2>
        {isOwner && (
          <div className={styles.headActions}>
            <LogSessionButton />
          </div>
        )}
      </div>
      <DiaryFiltersForm filters={filters.data} year={year} platform={platform} onChange={setFilter} />
      <PagedList data={diary.data} failed={diary.isError} page={page} perPage={LIBRARY_LIMITS.diaryPerPage} texts={filtered ? FILTERED_TEXTS : DIARY_TEXTS}>
        {({ items }) =>
          groupByMonth(items).map((month) => (
            <section key={month.key} className={styles.month} aria-labelledby={`diary-${month.key}`}>
              <h3 id={`diary-${month.key}`} className={styles.monthHeading}>
                {month.label}
              </h3>
              <ol className={styles.rows}>{month.entries.map(renderEntry)}</ol>
            </section>
          ))
        }
      </PagedList>
    </section>
  );
}
