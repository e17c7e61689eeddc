import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { raceSetup } from '../../test/races.js';

/**
 * The access-control matrix (issue 36): every kind of viewer against every
 * member read, for a public and a private owner, with a session token and
 * with a personal access token, checked against the rule written out here
 * (docs/members/privacy-and-safety.md, docs/moderators/reports.md) rather
 * than against what the server happens to answer. Member routes come from
 * the OpenAPI document, so a new one is checked or must be allow-listed.
 */
type Viewer = 'visitor' | 'stranger' | 'follower' | 'requester' | 'blockedByOwner' | 'blocksOwner' | 'owner' | 'moderator';
const VIEWERS: Viewer[] = ['visitor', 'stranger', 'follower', 'requester', 'blockedByOwner', 'blocksOwner', 'owner', 'moderator'];

/** GET routes naming a member that do not follow the content rule, and why. */
const ALLOWED: Record<string, string> = {
  '/api/users/{username}': 'the profile overview: name, picture and counts for all but the blocked (checked below on its own)',
  '/api/users/{username}/year/{year}/card.png': 'a link-preview image, answered as to a visitor (the token is never read): a private member’s is a 404 to all',
  '/api/users/{username}/library/export': 'the owner’s own export (403 to anyone else)',
  '/api/users/{username}/library/import/preview': 'the owner’s own import',
  '/api/users/{username}/library/import/steam/preview': 'the owner’s own import',
};

/** What the parameters of member routes are filled with (the owner's things made in `setUp`). */
const FILL: Record<string, string> = { slug: 'game-1', year: '2024', id: '0', gameId: '0' };

describe.each(dbKinds)('the access-control matrix on %s', (kind) => {
  const race = raceSetup(kind, 'mx');
  const { call, member } = race;
  const k = () => race.t.db.kysely;
  const ok = (status: number) => status >= 200 && status < 300;

  /** An owner with a review at each level, a hidden one, a list at each level and a hidden one, each commented, and their viewers. */
  async function setUp(isPrivate: boolean) {
    const o = await member();
    const replays = new Map<string, number>();
    for (const [slug, reviewVisibility] of [['game-1', 'public'], ['game-2', 'followers'], ['game-3', 'private'], ['game-4', 'public']] as const) {
      expect((await call('PUT', `/api/users/${o.name}/library/${slug}`, o.token, { review: `About ${slug}.`, rating: 8, reviewVisibility })).statusCode).toBeLessThan(300);
      expect((await call('POST', `/api/users/${o.name}/reviews/${slug}/comments`, o.token, { body: `On ${slug}` })).statusCode).toBe(201);
      // A replay with its own review, read by the same rule as the game's main review (issue 38).
      const replay = await call('POST', `/api/users/${o.name}/library/${slug}/plays`, o.token, { finishedOn: '2024-04-01', rating: 9, review: `Again ${slug}.` });
      expect(replay.statusCode).toBe(201);
      replays.set(slug, replay.json().id);
    }
    expect((await call('POST', `/api/users/${o.name}/diary`, o.token, { game: 'game-1', playedOn: '2024-03-01', event: 'finished' })).statusCode).toBe(201);
    for (const [title, visibility] of [['Pub', 'public'], ['Fol', 'followers'], ['Priv', 'private'], ['Hid', 'public']] as const) {
      expect((await call('POST', `/api/users/${o.name}/lists`, o.token, { title, visibility, games: ['game-1'] })).statusCode).toBe(201);
      expect((await call('POST', `/api/users/${o.name}/lists/${title.toLowerCase()}/comments`, o.token, { body: `On ${title}` })).statusCode).toBe(201);
    }
    const mod = await member('moderator');
    const entry4 = await k().selectFrom('library_entries as e').innerJoin('games as g', 'g.id', 'e.game_id').select('e.id').where('e.user_id', '=', o.user.id).where('g.slug', '=', 'game-4').executeTakeFirstOrThrow();
    await k().updateTable('library_entries').set({ hidden_at: Date.now(), hidden_by: mod.user.id }).where('id', '=', entry4.id).execute();
    await k().updateTable('lists').set({ hidden_at: Date.now(), hidden_by: mod.user.id }).where('user_id', '=', o.user.id).where('slug', '=', 'hid').execute();
    // The public review is the only one featured, so the home page's popular reviews lead with it.
    await k().updateTable('library_entries').set({ featured_position: null }).where('featured_position', 'is not', null).execute();
    const entry1 = await k().selectFrom('library_entries as e').innerJoin('games as g', 'g.id', 'e.game_id').select('e.id').where('e.user_id', '=', o.user.id).where('g.slug', '=', 'game-1').executeTakeFirstOrThrow();
    await k().updateTable('library_entries').set({ featured_position: 1 }).where('id', '=', entry1.id).execute();
    if (isPrivate) expect((await call('PUT', '/api/profile/privacy', o.token, { isPrivate: true })).statusCode).toBe(200);

    const [stranger, follower, requester, blockedByOwner, blocksOwner] = [await member(), await member(), await member(), await member(), await member()];
    expect((await call('POST', `/api/users/${o.name}/follow`, follower.token)).statusCode).toBe(200);
    if (isPrivate) expect((await call('POST', `/api/follow-requests/${follower.name}/approve`, o.token)).statusCode).toBe(204);
    // On a public profile a "requester" simply follows nobody: a request exists only towards a private one.
    if (isPrivate) expect((await call('POST', `/api/users/${o.name}/follow`, requester.token)).json()).toMatchObject({ isRequested: true });
    expect((await call('POST', `/api/users/${blockedByOwner.name}/block`, o.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${o.name}/block`, blocksOwner.token)).statusCode).toBe(200);
    const people = { stranger, follower, requester, blockedByOwner, blocksOwner, owner: o, moderator: mod };
    /** Each viewer's credentials: none, a session, and a read-only personal access token. */
    const tokens: Array<{ viewer: Viewer; via: string; token: string | undefined }> = [{ viewer: 'visitor', via: 'none', token: undefined }];
    for (const [viewer, m] of Object.entries(people) as Array<[Viewer, { token: string }]>) {
      tokens.push({ viewer, via: 'session', token: m.token });
      const pat = await call('POST', '/api/profile/tokens', m.token, { name: 'matrix', scope: 'read' });
      expect(pat.statusCode).toBe(201);
      tokens.push({ viewer, via: 'pat', token: pat.json().token });
    }
    return { o, tokens, replays };
  }

  /** The rule, written out: what each viewer may open of a public or private owner's. */
  function rule(isPrivate: boolean, v: Viewer) {
    const owner = v === 'owner';
    const follows = v === 'follower';
    const content = owner || (v !== 'blockedByOwner' && (!isPrivate || follows));
    const signedIn = v !== 'visitor';
    return {
      profile: v !== 'blockedByOwner',
      content,
      review: { public: content, followers: owner || (content && follows), private: owner, hidden: content && (owner || v === 'moderator') },
      list: { pub: content, fol: owner || (content && follows), priv: owner, hid: owner || (content && v === 'moderator') },
      // Comment threads go with their parent, a hidden one's to moderators too.
      listComments: { pub: content, fol: owner || (content && follows), priv: owner, hid: owner || (content && v === 'moderator') },
      /** How many reviews the viewer may open (the profile's count, the reviews tab's total). */
      reviewCount: owner ? 3 : !content && v === 'blockedByOwner' ? 0 : follows ? 2 : 1,
      /** In lists gathering many members' reviews (a game's, trending, featured, home). */
      inCommunityLists: !isPrivate && !(signedIn && (v === 'blockedByOwner' || v === 'blocksOwner')),
      inSearch: !(v === 'blockedByOwner' || v === 'blocksOwner'),
    };
  }

  const memberPaths = async () => {
    const doc = (await call('GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths)
      .filter(([path, ops]) => path.includes('{username}') && 'get' in ops)
      .map(([path]) => path);
  };

  for (const isPrivate of [false, true]) {
    it(`${isPrivate ? 'a private' : 'a public'} member's things, to every viewer, with a session and with a personal access token`, async () => {
      const { o, tokens, replays } = await setUp(isPrivate);
      expect(new Set(tokens.map((t) => t.viewer))).toEqual(new Set(VIEWERS));
      const paths = await memberPaths();
      expect(paths.length).toBeGreaterThan(10);
      const wrong: string[] = [];
      const check = (what: string, got: boolean, want: boolean) => {
        if (got !== want) wrong.push(`${what}: got ${got}, want ${want}`);
      };
      for (const { viewer, via, token } of tokens) {
        const r = rule(isPrivate, viewer);
        const at = (what: string) => `${viewer}/${via} ${what}`;
        const get = async (url: string) => {
          const res = await call('GET', url, token);
          if (res.statusCode >= 500) wrong.push(at(`${url}: ${res.statusCode}`));
          return res;
        };

        // Every member route in the OpenAPI document: by the content rule, or allow-listed.
        for (const path of paths) {
          if (ALLOWED[path]) continue;
          const fill = (name: string) =>
            (name === 'slug' && path.includes('/lists/') ? 'pub' : name === 'id' && path.includes('/plays/') ? String(replays.get('game-1')) : FILL[name]) ?? `{${name}}`;
          const url = path.replace('{username}', o.name).replace(/\{(\w+)\}/g, (_, name: string) => fill(name));
          if (url.includes('{')) {
            wrong.push(`${path}: a parameter the matrix cannot fill; add it to FILL or ALLOWED`);
            continue;
          }
          check(at(url), ok((await get(url)).statusCode), r.content);
        }

        const base = `/api/users/${o.name}`;
        for (const [slug, level] of [['game-1', 'public'], ['game-2', 'followers'], ['game-3', 'private'], ['game-4', 'hidden']] as const) {
          check(at(`review ${level}`), ok((await get(`${base}/reviews/${slug}`)).statusCode), r.review[level]);
          check(at(`review ${level} comments`), ok((await get(`${base}/reviews/${slug}/comments`)).statusCode), r.review[level]);
          check(at(`replay review ${level}`), ok((await get(`${base}/reviews/${slug}/plays/${replays.get(slug)}`)).statusCode), r.review[level]);
        }
        for (const slug of ['pub', 'fol', 'priv', 'hid'] as const) {
          const list = await get(`${base}/lists/${slug}`);
          check(at(`list ${slug}`), ok(list.statusCode), r.list[slug]);
          if (slug === 'hid' && ok(list.statusCode)) check(at('hidden list marked'), list.json().hiddenByModerator === true, true);
          check(at(`list ${slug} comments`), ok((await get(`${base}/lists/${slug}/comments`)).statusCode), r.listComments[slug]);
        }

        const profile = await get(base);
        check(at('profile'), ok(profile.statusCode), r.profile);
        if (ok(profile.statusCode)) {
          const p = profile.json();
          check(at(`profile review count ${p.counts.reviews}`), p.counts.reviews === r.reviewCount, true);
          check(at('profile recent reviews'), p.recentReviews.length === (r.content ? r.reviewCount : 0), true);
          check(at('profile isPrivate'), p.isPrivate, !r.content);
        }
        const reviews = await get(`${base}/reviews`);
        if (ok(reviews.statusCode)) check(at('reviews tab total'), Number(reviews.headers['x-total-count']) === r.reviewCount && reviews.json().length === r.reviewCount, true);
        const stats = await get(`${base}/stats`);
        // Stats are one answer for all their readers: the public reviews, not the hidden one.
        if (ok(stats.statusCode)) check(at(`stats reviews ${stats.json().totals.reviews}`), stats.json().totals.reviews === 1, true);

        const has = (items: Array<{ user: { username: string } }>) => items.some((i) => i.user.username === o.name);
        check(at('game reviews'), has((await get('/api/igdb/games/game-1/reviews')).json()), r.inCommunityLists);
        check(at('trending reviews'), has((await get('/api/library/reviews/trending?limit=50')).json()), r.inCommunityLists);
        check(at('featured reviews'), has((await get('/api/library/reviews/feat')).json()), r.inCommunityLists);
        check(at('home reviews'), has((await get('/api/home')).json().reviews), r.inCommunityLists);
        if (viewer !== 'owner') {
          const found = (await get(`/api/users?q=${o.name}`)).json() as Array<{ username: string }>;
          check(at('member search'), found.some((m) => m.username === o.name), r.inSearch);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a comment thread leaves out members blocked either way in SQL: whole pages, none lost between them, a true total', async () => {
    const [o, reader, blocked, a, b] = [await member(), await member(), await member(), await member(), await member()];
    await call('PUT', `/api/users/${o.name}/library/game-8`, o.token, { review: 'Talk to me.', rating: 6 });
    const thread = `/api/users/${o.name}/reviews/game-8/comments`;
    for (const m of [a, blocked, blocked, b]) expect((await call('POST', thread, m.token, { body: `From ${m.name}` })).statusCode).toBe(201);
    expect((await call('POST', `/api/users/${blocked.name}/block`, reader.token)).statusCode).toBe(200);
    const pages = [await call('GET', `${thread}?page=1&limit=1`, reader.token), await call('GET', `${thread}?page=2&limit=1`, reader.token)];
    expect(pages.map((p) => p.json().map((c: { user: { username: string } }) => c.user.username))).toEqual([[a.name], [b.name]]);
    expect(pages[0]!.headers['x-total-count']).toBe('2');
    expect((await call('GET', thread)).headers['x-total-count']).toBe('4');
  });

  it('stats count again at once when a moderator hides a review or its author narrows who reads it (migration 0046)', async () => {
    const o = await member();
    for (const slug of ['game-5', 'game-6', 'game-7']) await call('PUT', `/api/users/${o.name}/library/${slug}`, o.token, { review: `About ${slug}.`, rating: 7 });
    const reviews = async () => (await call('GET', `/api/users/${o.name}/stats`)).json().totals.reviews;
    expect(await reviews()).toBe(3);
    expect(await reviews()).toBe(3); // kept now
    const idOf = async (slug: string) =>
      (await k().selectFrom('library_entries as e').innerJoin('games as g', 'g.id', 'e.game_id').select('e.id').where('e.user_id', '=', o.user.id).where('g.slug', '=', slug).executeTakeFirstOrThrow()).id;
    await k().updateTable('library_entries').set({ hidden_at: Date.now() }).where('id', '=', await idOf('game-5')).execute();
    expect(await reviews()).toBe(2);
    expect((await call('PUT', `/api/users/${o.name}/library/game-6`, o.token, { review: 'About game-6.', rating: 7, reviewVisibility: 'followers' })).statusCode).toBe(200);
    expect(await reviews()).toBe(1);
    await k().updateTable('library_entries').set({ hidden_at: null }).where('id', '=', await idOf('game-5')).execute();
    expect(await reviews()).toBe(2);
  });

  it('the response cache never serves an answer made before a change of privacy, nor a signed-in one to a visitor', async () => {
    const { o, tokens } = await setUp(false);
    const blocked = tokens.find((t) => t.viewer === 'blockedByOwner' && t.via === 'session')!.token;
    const urls = ['/api/igdb/games/game-1/reviews', '/api/library/reviews/trending?limit=50', '/api/library/reviews/feat', '/api/home', `/api/users/${o.name}/reviews/game-1`];
    const has = (body: unknown) => JSON.stringify(body).includes(`"username":"${o.name}"`);
    // Warmed anonymously (twice: the second is a hit), the blocked member signed in still does not get the shared answer.
    for (const url of urls) {
      await call('GET', url);
      expect([url, has((await call('GET', url)).json())]).toEqual([url, true]);
      expect([url, has((await call('GET', url, blocked)).json())]).toEqual([url, false]);
      expect([url, has((await call('GET', url)).json())]).toEqual([url, true]);
    }
    expect((await call('PUT', '/api/profile/privacy', o.token, { isPrivate: true })).statusCode).toBe(200);
    for (const url of urls) expect([url, has((await call('GET', url)).json())]).toEqual([url, false]);
  });
});
