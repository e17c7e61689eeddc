import { PLAY_STATUS, type CommunityRating, type DiaryEntry, type EntryGame, type LibraryEntry, type LibraryGame, type PlayStatus, type ReviewEntry } from '@vgl/shared';

import type { DiaryRow, EntryRow, OwnEntryRow } from './library.repo.js';

interface GameColumns {
  game_name: string;
  game_slug: string;
  game_cover: string | null;
  game_release_date: number | null;
  game_release_year: number | null;
}

export function presentEntryGame(row: GameColumns): EntryGame {
  return {
    cover: row.game_cover,
    name: row.game_name,
    slug: row.game_slug,
    first_release_date: row.game_release_date === null ? null : Number(row.game_release_date),
    release_year: row.game_release_year,
  };
}

/** SPEC §3 "review or library entry": every field listed. */
export function presentReviewEntry(row: EntryRow, platforms: string[]): ReviewEntry {
  return {
    _id: String(row.id),
    user: { username: row.username, avatar: row.avatar },
    rating: row.rating,
    review: row.review,
    slug: row.review_slug,
    spoilers: row.review !== null && Number(row.review_spoilers) === 1,
    ...(row.hidden_at === null || row.review === null ? {} : { hiddenByModerator: true }),
    status: row.status as PlayStatus | null,
    platform: platforms,
    comments: Number(row.comments_count),
    likes: Number(row.likes_count),
    game: presentEntryGame(row),
    date: {
      reviewCreated: row.review_created_at === null ? null : Number(row.review_created_at),
      reviewUpdated: row.review_updated_at === null ? null : Number(row.review_updated_at),
      created: Number(row.created_at),
      updated: Number(row.updated_at),
    },
  };
}

const hoursOf = (minutes: number | null) => (minutes === null ? null : Math.round(minutes / 6) / 10);

/** The owned column (1, 0 or null) as the API says it. */
const ownedOf = (owned: number | null) => (owned === null ? null : Number(owned) !== 0);

/** What the diary holds for an entry: how many entries, and their minutes together. */
export interface EntryDiaryTotals {
  sessions: number;
  minutes: number | null;
}

/** `showPrivate`: the viewer is the owner (library.policy 'readPrivate'); anyone else gets the private fields as null. */
export function presentLibraryEntry(
  row: OwnEntryRow,
  platforms: string[],
  minutesPlayed: number | null,
  totals: EntryDiaryTotals,
  showPrivate: boolean,
): LibraryEntry {
  const { hiddenByModerator, ...entry } = presentReviewEntry(row, platforms);
  // A review a moderator hid is its author's alone: anyone else reads the entry as if it had none.
  const review = !hiddenByModerator ? {} : showPrivate ? { hiddenByModerator } : { review: null, slug: null, spoilers: false };
  return {
    ...entry,
    ...review,
    reviewVisibility: row.review_visibility,
    startedOn: row.started_on,
    finishedOn: row.finished_on,
    favourite: row.favourite_position !== null,
    hours: hoursOf(minutesPlayed),
    owned: ownedOf(row.owned),
    // Only a beaten game has a level (the service clears it otherwise); an unknown text from a newer server reads as not said.
    completion: row.status === PLAY_STATUS.beaten ? row.completion : null,
    sessions: totals.sessions,
    totalHours: hoursOf(totals.minutes),
    notes: showPrivate ? row.notes : null,
    playtimeMinutes: showPrivate && row.playtime_minutes !== null ? Number(row.playtime_minutes) : null,
    playtimeSource: showPrivate ? row.playtime_source : null,
  };
}

/** A library page's row (libraryRepo.library): the game, and the entry's first platform by slug. */
export interface LibraryPageRow extends GameColumns {
  game_id: number;
  rating: number | null;
  status: number | null;
  owned: number | null;
  first_platform: string | null;
}

export function presentLibraryGame(row: LibraryPageRow): LibraryGame {
  return {
    id: row.game_id,
    ...presentEntryGame(row),
    rating: row.rating,
    status: row.status as PlayStatus | null,
    platform: row.first_platform ?? null,
    owned: ownedOf(row.owned),
  };
}

export function presentDiaryEntry(row: DiaryRow): DiaryEntry {
  return {
    id: row.id,
    playedOn: row.played_on,
    event: row.event,
    rating: row.rating,
    note: row.note,
    replay: Number(row.replay) === 1,
    hours: hoursOf(row.minutes_played),
    minutes: row.minutes_played === null ? null : Number(row.minutes_played),
    platform: row.platform_slug && row.platform_name ? { slug: row.platform_slug, name: row.platform_name } : null,
    game: presentEntryGame(row),
    reviewSlug: row.review ? row.review_slug : null,
    playId: row.play_id,
    playNumber: Number(row.play_number),
  };
}

export function presentCommunityRating(distribution: number[]): CommunityRating {
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((acc, n, i) => acc + n * (i + 1), 0);
  return { count, average: count === 0 ? null : Math.round((sum / count) * 10) / 10, distribution };
}
