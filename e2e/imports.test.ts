import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeSteam, type FakeSteam } from '../apps/server/src/test/fake-steam';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/src/modules/transfer/fixtures');

interface Entry {
  status: number | null;
  rating: number | null;
  review: string | null;
  startedOn: string | null;
  finishedOn: string | null;
  owned: boolean | null;
  notes: string | null;
  playtimeMinutes: number | null;
  playtimeSource: string | null;
}

// Files in the layouts other trackers write, and a Steam library from a fake
// Steam Web API, imported through Settings → Data as a member would.
describe.skipIf(!hasChromium)('moving in from other trackers, in Chromium', () => {
  let smtp: SmtpSink;
  let steam: FakeSteam;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      steam = await startFakeSteam({
        profiles: [
          {
            steamId: '76561198000000001',
            vanity: 'vgl-mover',
            games: [
              { appid: 2270, name: 'Wolfenstein 3D', playtime_forever: 185, rtime_last_played: 1_700_000_000 },
              { appid: 2390, name: 'Heretic: Shadow of the Serpent Riders', playtime_forever: 0 },
              { appid: 32360, name: 'The Secret of Monkey Island: Special Edition', playtime_forever: 600 },
            ],
          },
          { steamId: '76561198000000002', vanity: 'vgl-private', private: true, games: [] },
        ],
      });
      return { SMTP_URL: smtp.url, STEAM_API_KEY: steam.apiKey, STEAM_API_URL: steam.url };
    },
    { bypassCSP: true },
  );
  afterAll(async () => {
    await smtp?.close();
    await steam?.close();
  });

  const page = () => suite.page;
  const url = (p: string) => `${suite.server.url}${p}`;
  const tokens = new Map<string, string>();

  async function member(username: string) {
    const token = await createAccount(suite.server, smtp, username);
    tokens.set(username, token);
    await signIn(suite.context, token);
    await page().goto(url(`/u/${username.toLowerCase()}/settings/data`));
    await page().getByRole('heading', { name: 'Import' }).waitFor();
  }
  const entry = async (username: string, slug: string): Promise<Entry | null> => {
    const res = await fetch(url(`/api/users/${username.toLowerCase()}/library/${slug}`), { headers: { authorization: `Bearer ${tokens.get(username)}` } });
    return res.status === 404 ? null : ((await res.json()) as Entry);
  };
  const diary = async (username: string) => {
    const res = await fetch(url(`/api/users/${username.toLowerCase()}/diary?limit=100`), { headers: { authorization: `Bearer ${tokens.get(username)}` } });
    return (await res.json()) as { game: { slug: string }; playedOn: string; event: string; rating: number | null; hours: number | null }[];
  };

  const previewRegion = () => page().getByRole('region', { name: 'Preview' });
  /** The table row of a title (the library row: a file line can also give diary rows). */
  const row = (title: string) => previewRegion().getByRole('row').filter({ hasText: title }).filter({ hasText: 'Library' }).first();

  async function previewFile(file: string) {
    await page().getByLabel('File', { exact: true }).setInputFiles(path.join(FIXTURES, file));
    await page().getByRole('form', { name: 'Import from a file' }).getByRole('button', { name: 'Preview' }).click();
    await previewRegion().waitFor();
  }
  async function importPreviewed() {
    await previewRegion().getByRole('button', { name: 'Import', exact: true }).click();
    const result = page().getByText(/^Import finished/);
    await result.waitFor();
    return (await result.textContent()) ?? '';
  }

  it('a HowLongToBeat export: Portal (2007) is flagged, never the 1986 game; statuses, scores, dates, hours and notes come in', async () => {
    await member('Mover1');
    await previewFile('hltb.csv');
    await expect.poll(() => row('Portal').textContent()).toContain("The file says 2007; the catalog's Portal is from 1986");
    await expect.poll(() => row('Doom').textContent()).toContain('73/100, rounded');
    // Two Dooms and no year, but "PC" tells: the DOS one, not the Game Boy Advance one.
    await expect.poll(() => row('Doom').textContent()).toContain('Matched');
    expect(await axeViolations(page())).toEqual([]);
    const result = await importPreviewed();
    expect(result).toMatch(/5 library entries/);

    expect(await entry('Mover1', 'portal')).toBeNull();
    expect(await entry('Mover1', 'super-mario-world')).toMatchObject({
      status: 2, rating: 10, review: 'All 96 exits.', startedOn: '2023-01-02', finishedOn: '2023-01-20', playtimeMinutes: 750, playtimeSource: 'hltb',
    });
    expect(await entry('Mover1', 'castlevania')).toMatchObject({ status: 3, notes: expect.stringContaining('Medusa heads, every time.') });
    expect(await entry('Mover1', 'doom')).toMatchObject({ status: 2, rating: 7 });
    const smw = (await diary('Mover1')).filter((d) => d.game.slug === 'super-mario-world');
    expect(smw.map((d) => [d.playedOn, d.event, d.hours])).toEqual([
      ['2023-01-20', 'finished', 12.5],
      ['2023-01-02', 'started', null],
    ]);
  });

  it('Grouvee CSV (20 columns) and JSON: review titles, status texts, play-throughs, Tetris (1989) on the Game Boy', async () => {
    await member('Mover2');
    await previewFile('grouvee-20.csv');
    await row('Portal').getByRole('button', { name: /^Leave out/ }).click();
    await row('Portal').getByText('Left out').waitFor();
    expect(await importPreviewed()).toMatch(/left out/);
    expect(await entry('Mover2', 'portal')).toBeNull();
    expect(await entry('Mover2', 'super-mario-world')).toMatchObject({ status: 2, rating: 9 });
    expect(await entry('Mover2', 'the-legend-of-zelda')).toMatchObject({ status: 1, notes: expect.stringContaining('Found the second dungeon') });
    expect((await diary('Mover2')).filter((d) => d.game.slug === 'super-mario-world')).toHaveLength(4);

    await previewFile('grouvee.json');
    await expect.poll(() => row('Tetris').textContent()).toContain('Matched');
    await importPreviewed();
    expect(await entry('Mover2', 'tetris')).toMatchObject({ status: 2, rating: 7, review: expect.stringMatching(/^Line clear\n\n/) });
  });

  it('Backloggd (both layouts), Letterboxd-style and Playnite files', async () => {
    await member('Mover3');
    await previewFile('backloggd-a.csv');
    // The NES original (1987 since the seed dates a game by its first release), not the 1999 Castlevania.
    await row('Castlevania').getByRole('button', { name: 'Use Castlevania (1987)' }).click();
    await importPreviewed();
    expect(await entry('Mover3', 'super-mario-world')).toMatchObject({ rating: 10 });
    expect(await entry('Mover3', 'castlevania')).toMatchObject({ rating: 7 });

    await previewFile('backloggd-b.csv');
    await importPreviewed();
    expect(await entry('Mover3', 'the-legend-of-zelda')).toMatchObject({ rating: 9 });

    await member('Mover4');
    await previewFile('letterboxd-diary.csv');
    await importPreviewed();
    expect(await entry('Mover4', 'super-mario-world')).toMatchObject({ status: 2, rating: 10, finishedOn: '2024-01-20' });
    expect((await diary('Mover4')).find((d) => d.game.slug === 'the-legend-of-zelda')).toMatchObject({ playedOn: '2024-02-01', event: 'played', rating: 9 });

    await previewFile('playnite.csv');
    await expect.poll(() => row('Tetris').textContent()).toContain('55/100, rounded');
    await importPreviewed();
    expect(await entry('Mover4', 'doom')).toMatchObject({ status: 2, rating: 8, playtimeMinutes: 750, playtimeSource: 'playnite', owned: true, notes: expect.stringContaining('Storefront: GOG') });
  });

  it('a Windows-1252 file is read as such, and says so', async () => {
    await member('Mover5');
    await previewFile('grouvee-1252.csv');
    await previewRegion().getByText(/was not UTF-8; it was read as Windows-1252/).waitFor();
    await expect.poll(() => previewRegion().textContent()).toContain('Pokémon Red');
    // The preview says how each status is taken.
    expect(await previewRegion().textContent()).toContain('Grouvee “Played” is imported as Played (1 row).');
    await importPreviewed();
    // On Grouvee's Played shelf without a finish date: Played (5), not beaten (issues 34 and 38).
    const smw = await entry('Mover5', 'super-mario-world');
    expect(smw).toMatchObject({ rating: 10, status: 5 });
  });

  it('a Steam library: a private profile is explained, games come in with playtime, a pick is used, and a re-import changes playtime only', async () => {
    await member('Mover6');
    await page().getByRole('radio', { name: 'From Steam' }).check();
    const form = page().getByRole('form', { name: 'Import from Steam' });
    await form.getByLabel('Steam profile').fill('https://steamcommunity.com/id/vgl-private/');
    await form.getByRole('button', { name: 'Preview' }).click();
    await page().getByText(/Game details/).first().waitFor();

    await form.getByLabel('Steam profile').fill('vgl-mover');
    await form.getByRole('button', { name: 'Preview' }).click();
    await previewRegion().waitFor();
    await expect.poll(() => row('Wolfenstein 3D').textContent()).toContain('Matched');
    // Steam's title is not the catalog's: the member finds the game.
    await row('Heretic: Shadow of the Serpent Riders').getByRole('button', { name: /^Pick the game/ }).click();
    const search = page().getByRole('combobox', { name: 'Pick the game for Heretic: Shadow of the Serpent Riders' });
    await search.fill('Heretic');
    await page().getByRole('option', { name: /^Heretic/ }).first().click();
    await row('Heretic: Shadow of the Serpent Riders').getByText('Picked:').waitFor();
    expect(await axeViolations(page())).toEqual([]);
    await importPreviewed();

    expect(await entry('Mover6', 'wolfenstein-3d')).toMatchObject({ owned: true, playtimeMinutes: 185, playtimeSource: 'steam' });
    expect(await entry('Mover6', 'heretic')).toMatchObject({ status: 4, owned: true, playtimeMinutes: 0 });

    // The member rates the game; Steam's playtime grows; importing again changes the playtime only.
    const put = await fetch(url('/api/users/mover6/library/wolfenstein-3d'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.get('Mover6')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 2, rating: 8, review: 'Still fast.' }),
    });
    expect(put.ok).toBe(true);
    steam.setPlaytime('76561198000000001', 2270, 300);
    await form.getByRole('button', { name: 'Preview' }).click();
    await previewRegion().waitFor();
    await importPreviewed();
    expect(await entry('Mover6', 'wolfenstein-3d')).toMatchObject({ status: 2, rating: 8, review: 'Still fast.', playtimeMinutes: 300, playtimeSource: 'steam' });
  });
});
