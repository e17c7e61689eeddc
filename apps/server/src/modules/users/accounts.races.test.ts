import { ADMIN_MESSAGES, MESSAGES, TOKEN_LIMITS } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { raceSetup, statuses, TIMES, times } from '../../test/races.js';
import { PASSWORD } from '../../test/users.js';

/** Account races: usernames, e-mails, admins, tokens, at once (see test/races.ts) */
describe.each(dbKinds)('account races at once on %s', (kind) => {
  const race = raceSetup(kind, 'acct');
  const { call, member } = race;

  describe('accounts', () => {
    const register = (username: string, email: string) =>
      call('POST', '/api/auth/register', undefined, { username, email, password: PASSWORD, password2: PASSWORD });

    it('registers a username once; the others hear it is taken', async () => {
      const res = await times(TIMES, (i) => register('Same_Name', `same${i}@example.com`));
      expect(statuses(res)).toEqual([201, ...Array<number>(TIMES - 1).fill(400)]);
      for (const r of res.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ username: MESSAGES.validation.username.taken });
    });

    it('registers an e-mail once; the others hear it is taken', async () => {
      const res = await times(TIMES, (i) => register(`mail_${i}`, 'Same@Example.com'));
      expect(statuses(res)).toEqual([201, ...Array<number>(TIMES - 1).fill(400)]);
      for (const r of res.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ email: MESSAGES.validation.email.taken });
    });

    it('gives a new username to one member when several ask for it at once', async () => {
      const members = await times(5, () => member());
      const res = await Promise.all(members.map((m) => call('POST', '/api/auth/username', m.token, { username: 'Wanted_Name' })));
      expect(statuses(res)).toEqual([200, 400, 400, 400, 400]);
      for (const r of res.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ username: MESSAGES.validation.username.taken });
    });

    it('never leaves the site without an admin when admins demote each other at once', async () => {
      // Earlier cases made no admin; these two are the only ones.
      const [a, b] = await times(2, () => member('admin'));
      const res = await Promise.all([
        call('PUT', `/api/admin/users/${b!.user.id}/role`, a!.token, { role: 'user' }),
        call('PUT', `/api/admin/users/${a!.user.id}/role`, b!.token, { role: 'user' }),
      ]);
      // The loser is refused as the last admin (400), or, when the winner's demotion (which signs the
      // demoted admin out) lands before its request is even authenticated, as signed out (401).
      const [won, lost] = statuses(res);
      expect(won).toBe(200);
      expect([400, 401]).toContain(lost);
      const refusal = res.find((r) => r.statusCode === 400);
      if (refusal) expect(refusal.json().message).toBe(ADMIN_MESSAGES.lastAdmin);
      const admins = await race.t.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    });

    it('never deletes the last admin when two admins delete their accounts at once', async () => {
      const others = await race.t.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      await race.t.db.kysely.updateTable('users').set({ role: 'user' }).where('id', 'in', others.map((o) => o.id)).execute();
      const [a, b] = await times(2, () => member('admin'));
      const res = await Promise.all([a!, b!].map((m) => call('DELETE', '/api/profile', m.token, { password: PASSWORD })));
      expect(statuses(res)).toEqual([204, 409]);
      const admins = await race.t.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    });

    it('never makes more access tokens than the limit', async () => {
      const { user, token } = await member();
      const res = await times(TOKEN_LIMITS.perMember + 5, (i) => call('POST', '/api/profile/tokens', token, { name: `token ${i}`, scope: 'read' }));
      expect(res.filter((r) => r.statusCode === 201)).toHaveLength(TOKEN_LIMITS.perMember);
      expect(res.filter((r) => r.statusCode === 409)).toHaveLength(5);
      const rows = await race.t.db.kysely.selectFrom('access_tokens').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(TOKEN_LIMITS.perMember);
    });
  });
});
