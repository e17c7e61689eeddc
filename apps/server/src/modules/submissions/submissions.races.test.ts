import { SUBMISSION_LIMITS, type GameSubmission } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { raceSetup, statuses, times } from '../../test/races.js';
import { mergeSubmissionsIntoCatalog } from './submissions.merge.js';

/**
 * Decisions fired at once (on PostgreSQL each request runs on its own
 * connection, so they really interleave): one moderator wins, every other
 * gets a clear 409 — never a 500, never two decisions.
 */
describe.each(dbKinds)('game submission races on %s', (kind) => {
  const race = raceSetup(kind, 'subrace');

  async function pendingSubmission(name: string) {
    const { name: who, token } = await race.member();
    const res = await race.call('POST', '/api/games/submissions', token, { name });
    expect(res.statusCode).toBe(201);
    const submission = res.json<GameSubmission>();
    await race.call('PUT', `/api/users/${who}/library/${submission.game!.slug}`, token, { status: 2, rating: 8, review: 'Mine.' });
    return { submission, who, token };
  }

  it('two moderators approving and rejecting one submission at once: one wins, the other gets a clear 409', async () => {
    const [ann, ben] = [await race.member('moderator'), await race.member('admin')];
    for (let round = 0; round < 5; round += 1) {
      const { submission } = await pendingSubmission(`Race Approve ${round}`);
      const answers = await Promise.all([
        race.call('POST', `/api/admin/submissions/${submission.id}/approve`, ann.token),
        race.call('POST', `/api/admin/submissions/${submission.id}/reject`, ben.token, { reason: 'Not a game' }),
      ]);
      expect(statuses(answers)).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(loser.json().message).toMatch(/^This submission was already (approved|rejected) by subrace\d+\.$/);
      const audit = await race.t.db.kysely.selectFrom('audit_log').select('action').where('target_type', '=', 'submission').where('target_id', '=', submission.id).execute();
      expect(audit).toHaveLength(1);
    }
  });

  it('two moderators merging one submission into different games while a third rejects it: one decision, the entry kept, the others 409', async () => {
    const [ann, ben] = [await race.member('moderator'), await race.member('moderator')];
    for (let round = 0; round < 3; round += 1) {
      const { submission, who, token } = await pendingSubmission(`Race Merge ${round}`);
      const answers = await Promise.all([
        race.call('POST', `/api/admin/submissions/${submission.id}/merge`, ann.token, { game: 'game-1' }),
        race.call('POST', `/api/admin/submissions/${submission.id}/merge`, ben.token, { game: 'game-2' }),
        race.call('POST', `/api/admin/submissions/${submission.id}/reject`, ben.token, { reason: 'Not a game' }),
      ]);
      expect(statuses(answers)).toEqual([200, 409, 409]);
      const decided = answers.find((a) => a.statusCode === 200)!.json();
      const slug = decided.state === 'merged' ? decided.mergedInto.slug : submission.game!.slug;
      expect((await race.call('GET', `/api/users/${who}/library/${slug}`, token)).json()).toMatchObject({ rating: 8, review: 'Mine.' });
    }
  });

  it('a sync merging while a moderator rejects: exactly one of them decides it', async () => {
    const mod = await race.member('moderator');
    for (let round = 0; round < 3; round += 1) {
      const { submission } = await pendingSubmission(`Race Sync ${round}`);
      const now = Date.now();
      const { id } = await race.t.db.kysely
        .insertInto('games')
        .values({ slug: `race-sync-${round}-wd`, name: `Race Sync ${round}`, summary: null, cover_image_id: null, first_release_date: null, release_year: null, rating: null, popularity: 1, source: 'wikidata', igdb_id: null, igdb_updated_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [merged, rejected] = await Promise.all([
        mergeSubmissionsIntoCatalog(race.t.db, [id]),
        race.call('POST', `/api/admin/submissions/${submission.id}/reject`, mod.token, { reason: 'Spam' }),
      ]);
      expect([merged, rejected.statusCode].sort()).toEqual(merged === 1 ? [1, 409] : [0, 200]);
      const row = await race.t.db.kysely.selectFrom('game_submissions').select('state').where('id', '=', submission.id).executeTakeFirstOrThrow();
      expect(row.state).toBe(merged === 1 ? 'merged' : 'rejected');
    }
  });

  it(`one member submitting many games at once gets ${SUBMISSION_LIMITS.perDay} made and a 429 for the rest`, async () => {
    const { token } = await race.member();
    const answers = await times(SUBMISSION_LIMITS.perDay + 3, (i) => race.call('POST', '/api/games/submissions', token, { name: `Burst Game ${i}` }));
    expect(statuses(answers)).toEqual([...Array(SUBMISSION_LIMITS.perDay).fill(201), 429, 429, 429]);
  });

  it('two members adding the same name at once both get a game, each with its own slug', async () => {
    const [a, b] = [await race.member(), await race.member()];
    const answers = await Promise.all([a, b].map((m) => race.call('POST', '/api/games/submissions', m.token, { name: 'Twin Peaks Quest' })));
    expect(statuses(answers)).toEqual([201, 201]);
    expect(new Set(answers.map((r) => r.json<GameSubmission>().game!.slug))).toEqual(new Set(['twin-peaks-quest', 'twin-peaks-quest-2']));
  });
});
