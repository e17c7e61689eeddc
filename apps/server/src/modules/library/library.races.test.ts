import { LIBRARY_LIMITS, SETTINGS_MESSAGES } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { oneToN, raceSetup, raceSlugs, statuses, TIMES, times } from '../../test/races.js';

/** Library races: entries, the journal and imports, favourites, fired many times at once (see test/races.ts) */
describe.each(dbKinds)('library races at once on %s', (kind) => {
  const race = raceSetup(kind, 'lib');
  const { call, member, entriesOf, favouritePositions, gameId } = race;

  describe('library entries', () => {
    it('creates an entry once: one 201, the rest 200 with the same entry, one review slug, one "added"', async () => {
      const { user, name, token } = await member();
      const body = { status: 1, rating: 8, review: 'Worth it.', platforms: ['win'], startedOn: '2024-01-02' };
      const res = await times(TIMES, () => call('PUT', `/api/users/${name}/library/game-1`, token, body));
      expect(statuses(res)).toEqual([...Array<number>(TIMES - 1).fill(200), 201]);
      expect(new Set(res.map((r) => r.json()._id)).size).toBe(1);
      const entries = await entriesOf(user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ review_slug: 'game-1', status: 1, rating: 8 });
      const activities = await race.t.db.kysely.selectFrom('activities').select('verb').where('actor_id', '=', user.id).execute();
      expect(activities.map((a) => a.verb).sort()).toEqual(['added', 'rated', 'reviewed']);
      const diary = await race.t.db.kysely.selectFrom('diary_entries').select('event').where('user_id', '=', user.id).execute();
      expect(diary).toEqual([{ event: 'started' }]);
    });

    it('logs every play of a game new to the library, adding the game once', async () => {
      const { user, name, token } = await member();
      const res = await times(TIMES, (i) => call('POST', `/api/users/${name}/diary`, token, { game: 'game-2', playedOn: `2024-02-${String(i + 1).padStart(2, '0')}`, minutes: 30 }));
      expect(statuses(res)).toEqual(Array<number>(TIMES).fill(201));
      expect(await entriesOf(user.id)).toHaveLength(1);
      const diary = await race.t.db.kysely.selectFrom('diary_entries').select('played_on').where('user_id', '=', user.id).execute();
      expect(diary).toHaveLength(TIMES);
    });

    it('removes an entry once, keeping the other favourites numbered 1..n', async () => {
      const { user, name, token } = await member();
      for (const slug of raceSlugs.slice(0, 3)) await call('PUT', `/api/users/${name}/library/${slug}`, token, { favourite: true });
      const res = await times(TIMES, () => call('DELETE', `/api/users/${name}/library/game-2`, token));
      expect(res.every((r) => r.statusCode === 204 || r.statusCode === 404)).toBe(true);
      expect(await favouritePositions(user.id)).toEqual([1, 2]);
      const favourites = (await call('GET', `/api/users/${name}`)).json().favourites.map((g: { slug: string }) => g.slug);
      expect(favourites).toEqual(['game-1', 'game-3']);
    });

    it('updating a diary entry while it is being deleted is a 404, never a 500', async () => {
      const { name, token } = await member();
      const id = (await call('POST', `/api/users/${name}/diary`, token, { game: 'game-3', playedOn: '2024-03-01', minutes: 30 })).json().id;
      const res = await Promise.all([
        ...Array.from({ length: 5 }, () => call('PUT', `/api/users/${name}/diary/${id}`, token, { playedOn: '2024-03-02' })),
        call('DELETE', `/api/users/${name}/diary/${id}`, token),
        ...Array.from({ length: 5 }, () => call('PUT', `/api/users/${name}/diary/${id}`, token, { playedOn: '2024-03-03' })),
      ]);
      expect(res.map((r) => `${r.statusCode} ${r.statusCode >= 500 ? r.body : ''}`).filter((s) => !/^(200|204|404) /.test(s))).toEqual([]);
    });
  });

  describe('the journal and imports', () => {
    it('deleting the session that added a game while another is logged keeps the game and the new session', async () => {
      const { user, name, token } = await member();
      for (let round = 1; round <= 5; round += 1) {
        const slug = `game-${round + 3}`;
        const added = (await call('POST', `/api/users/${name}/diary`, token, { game: slug, playedOn: '2024-04-01', minutes: 30 })).json().id as number;
        const [removed, ...logged] = await Promise.all([
          call('DELETE', `/api/users/${name}/diary/${added}`, token),
          ...Array.from({ length: 3 }, (_, i) => call('POST', `/api/users/${name}/diary`, token, { game: slug, playedOn: `2024-04-0${i + 2}`, minutes: 30 })),
        ]);
        expect([removed, ...logged].map((r) => `${r.statusCode} ${r.statusCode >= 500 ? r.body : ''}`).filter((s) => !/^(201|204) /.test(s))).toEqual([]);
        const diary = await race.t.db.kysely.selectFrom('diary_entries').select(['id', 'entry_id']).where('user_id', '=', user.id).where('game_id', '=', (await gameId(slug))).execute();
        expect(diary.map((d) => d.id).sort()).toEqual(logged.map((r) => r.json().id).sort());
        // Every remaining session belongs to an entry that exists: the game stayed in the library.
        const entries = (await entriesOf(user.id)).filter((e) => diary.some((d) => d.entry_id === e.id));
        expect(entries).toHaveLength(1);
      }
    });

    it('an import racing the member’s own edit of the same game leaves one entry, never a 500', async () => {
      for (let round = 1; round <= 8; round += 1) {
        const { user, name, token } = await member();
        const csv = 'record_type,game_slug,status,rating_stars\nlibrary,game-6,Beaten,3\nlibrary,game-7,Playing,2\n';
        const res = await Promise.all([
          call('PUT', `/api/users/${name}/library/game-6`, token, { rating: 9 }),
          call('POST', `/api/users/${name}/library/import`, token, { csv }),
          call('PUT', `/api/users/${name}/library/game-7`, token, { review: 'Mine, not the file’s.' }),
        ]);
        expect(res.map((r) => `${r.statusCode} ${r.statusCode >= 300 ? r.body : ''}`).filter((s) => !/^(200|201) /.test(s))).toEqual([]);
        const entries = await entriesOf(user.id);
        expect(entries.map((e) => e.game_id).sort()).toEqual([await gameId('game-6'), await gameId('game-7')].sort());
        // Whichever came last, the member's own review is never lost to the file, which has none.
        expect(entries.find((e) => e.review !== null)?.review).toBe('Mine, not the file’s.');
      }
    });
    it('an import writing a review while the member writes another never gives both one address', async () => {
      for (let round = 1; round <= 8; round += 1) {
        const { user, name, token } = await member();
        // A review kept the address of its game's former slug, so "doom" is taken and the file's review of Doom becomes "doom-2".
        await call('PUT', `/api/users/${name}/library/game-1`, token, { review: 'From when this game was called Doom.' });
        await race.t.db.kysely.updateTable('library_entries').set({ review_slug: 'doom' }).where('user_id', '=', user.id).execute();
        const csv = 'record_type,game_slug,status,review\nlibrary,doom,Beaten,The file’s review.\n';
        const res = await Promise.all([
          call('POST', `/api/users/${name}/library/import`, token, { csv }),
          call('PUT', `/api/users/${name}/library/doom-2`, token, { review: 'Mine.' }),
        ]);
        expect(res.map((r) => `${r.statusCode} ${r.statusCode >= 300 ? r.body : ''}`).filter((s) => !/^(200|201) /.test(s))).toEqual([]);
        const reviewSlugs = (await entriesOf(user.id)).map((e) => e.review_slug).filter((s) => s !== null);
        expect(reviewSlugs).toHaveLength(3);
        expect(new Set(reviewSlugs).size).toBe(3);
      }
    });

    it('an import making a favourite while the member makes one never passes the limit nor shares a place', async () => {
      for (let round = 1; round <= 6; round += 1) {
        const { user, name, token } = await member();
        for (const slug of raceSlugs.slice(0, 4)) await call('PUT', `/api/users/${name}/library/${slug}`, token, { favourite: true });
        const csv = 'record_type,game_slug,favourite\nlibrary,game-9,5\n';
        const res = await Promise.all([
          call('POST', `/api/users/${name}/library/import`, token, { csv }),
          call('PUT', `/api/users/${name}/library/game-10`, token, { favourite: true }),
        ]);
        // Whichever comes second is told: the import with a warning, the form with the library's limit message.
        const [imported, edited] = res;
        expect(imported!.statusCode).toBe(200);
        if (edited!.statusCode === 400) expect(edited!.json().message).toBe(SETTINGS_MESSAGES.tooManyFavourites);
        else expect(edited!.statusCode).toBe(201);
        expect(await favouritePositions(user.id)).toEqual(oneToN(LIBRARY_LIMITS.favourites));
      }
    });
  });

  describe('favourites', () => {
    it('never passes the limit when games are made favourites at once, and numbers them 1..n', async () => {
      const { user, name, token } = await member();
      for (const slug of raceSlugs) await call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1 });
      const res = await Promise.all(raceSlugs.map((slug) => call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1, favourite: true })));
      expect(statuses(res)).toEqual([
        ...Array<number>(LIBRARY_LIMITS.favourites).fill(200),
        ...Array<number>(raceSlugs.length - LIBRARY_LIMITS.favourites).fill(400),
      ]);
      expect(await favouritePositions(user.id)).toEqual(oneToN(LIBRARY_LIMITS.favourites));
    });

    it('never passes the limit when new games come in as favourites at once', async () => {
      const { user, name, token } = await member();
      const res = await Promise.all(raceSlugs.map((slug) => call('PUT', `/api/users/${name}/library/${slug}`, token, { favourite: true })));
      expect(res.filter((r) => r.statusCode === 201)).toHaveLength(LIBRARY_LIMITS.favourites);
      expect(res.filter((r) => r.statusCode === 400)).toHaveLength(raceSlugs.length - LIBRARY_LIMITS.favourites);
      expect(await favouritePositions(user.id)).toEqual(oneToN(LIBRARY_LIMITS.favourites));
    });

    it('keeps one whole list when favourites are replaced at once, also while others are added', async () => {
      const { user, name, token } = await member();
      for (const slug of raceSlugs) await call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1 });
      const lists = Array.from({ length: TIMES }, (_, i) => raceSlugs.slice(i % 7, (i % 7) + 1 + (i % LIBRARY_LIMITS.favourites)));
      const res = await Promise.all([
        ...lists.map((games) => call('PUT', '/api/profile/favourites', token, { games })),
        ...raceSlugs.slice(0, 6).map((slug) => call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1, favourite: true })),
      ]);
      expect(res.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
      const positions = await favouritePositions(user.id);
      expect(positions.length).toBeLessThanOrEqual(LIBRARY_LIMITS.favourites);
      expect(positions).toEqual(oneToN(positions.length));
    });
  });
});
