import { listEntityId, sanitizeReviewText, type ListDetail, type ListItem, type ListPreviewGame, type ListSummary } from '@vgl/shared';
import { presentEntryGame } from '../library/library.presenter.js';
import type { Actor } from '../library/library.service.js';
import { canList } from './lists.policy.js';
import type { ListRow, listsRepo } from './lists.repo.js';
import { listVisibility } from './lists.policy.js';

type ItemRow = Awaited<ReturnType<typeof listsRepo.items>>[number];

const EXCERPT_LENGTH = 200;

/** The description as plain text (the review rules' sanitising, markdown markers dropped), cut at a word. */
export function listExcerpt(description: string | null): string | null {
  if (!description) return null;
  const text = sanitizeReviewText(description)
    .replace(/^>\s?/gm, '')
    .replace(/\*\*|~~|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|\*/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const chars = Array.from(text);
  if (chars.length <= EXCERPT_LENGTH) return text;
  return `${chars.slice(0, EXCERPT_LENGTH).join('').replace(/\s+\S*$/, '')}…`;
}

interface SummaryExtras {
  games: number;
  preview: ListPreviewGame[];
  hasGame?: boolean | null;
}

function summaryFields(row: ListRow, { games, preview }: SummaryExtras): Omit<ListSummary, 'hasGame'> {
  return {
    _id: listEntityId(row.id),
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: listExcerpt(row.description),
    ranked: Number(row.ranked) === 1,
    isPublic: Number(row.is_public) === 1,
    visibility: listVisibility(row),
    ...(row.hidden_at === null ? {} : { hiddenByModerator: true }),
    user: { username: row.username, avatar: row.avatar },
    games,
    likes: Number(row.likes_count),
    comments: Number(row.comments_count),
    preview,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export const presentListSummary = (row: ListRow, extras: SummaryExtras): ListSummary => ({ ...summaryFields(row, extras), hasGame: extras.hasGame ?? null });

export function presentListItem(row: ItemRow, rank: number): ListItem {
  return { rank, note: row.note, addedAt: Number(row.added_at), game: { id: row.game_id, ...presentEntryGame(row) } };
}

export function presentListDetail(row: ListRow, items: ItemRow[], viewer: Actor, previewSize: number): ListDetail {
  const preview = items.slice(0, previewSize).map((item) => ({ name: item.game_name, slug: item.game_slug, cover: item.game_cover }));
  return {
    ...summaryFields(row, { games: items.length, preview }),
    description: row.description,
    items: items.map((item, i) => presentListItem(item, i + 1)),
    viewerCan: { edit: canList(viewer, 'edit', row), delete: canList(viewer, 'delete', row) },
  };
}
