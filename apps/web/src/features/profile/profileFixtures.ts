/**
 * Test data and a stand-in for the API, for this feature's component tests
 * (imported only by *.test.tsx, so it never reaches the bundle).
 */
import { TOTAL_COUNT_HEADER, type DiaryEntry, type EntryGame, type LibraryGame, type ProfileOverview } from '@vgl/shared';
import { vi } from 'vitest';

export const aGame = (overrides: Partial<EntryGame> = {}): EntryGame => ({
  cover: null,
  name: 'Elden Ring',
  slug: 'elden-ring',
  first_release_date: 1645747200,
  release_year: 2022,
  ...overrides,
});

export const aProfile = (overrides: Partial<ProfileOverview> = {}): ProfileOverview => ({
  username: 'Alice_99',
  avatar: null,
  bio: null,
  joinedAt: Date.UTC(2024, 10, 3),
  counts: { games: 0, beaten: 0, backlog: 0, wishlist: 0, reviews: 0, followers: 0, following: 0 },
  isFollowing: null,
  favourites: [],
  ratings: { count: 0, average: null, distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  recentDiary: [],
  recentReviews: [],
  ...overrides,
});

export const aDiaryEntry = (overrides: Partial<DiaryEntry> = {}): DiaryEntry => ({
  id: 1,
  playedOn: '2026-11-03',
  event: 'played',
  rating: null,
  note: null,
  replay: false,
  hours: null,
  minutes: null,
  platform: null,
  game: aGame(),
  reviewSlug: null,
  ...overrides,
});

export const aLibraryGame = (overrides: Partial<LibraryGame> = {}): LibraryGame => ({
  id: 1,
  ...aGame(),
  rating: null,
  status: null,
  platform: null,
  owned: null,
  ...overrides,
});

type Answer = { body: unknown; total?: number } | { status: number };

/**
 * Stubs fetch: each request path (without the query) gets the answer of the
 * same key; anything else is a 404 as the server sends it. Returns the
 * requested URLs, so tests can check the query the page sent.
 */
export function stubApi(answers: Record<string, Answer>) {
  const requests: URL[] = [];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`] ?? answers[url.pathname];
      if (!answer) return json(404, { error: 'not_found', message: 'Not found', statusCode: 404 });
      if ('status' in answer) return json(answer.status, null);
      return json(200, answer.body, answer.total === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(answer.total) });
    }),
  );
  return requests;
}
