import { describe, expect, it } from 'vitest';
import { hoursText, listArticleFields, playNoteFields, publishedDigest } from './federation.published.js';
import type { PublicListRow, PublicPlayRow } from './federation.published.repo.js';

const play = (overrides: Partial<PublicPlayRow> = {}): PublicPlayRow => ({
  play_id: 3,
  user_id: 2,
  entry_id: 1,
  replay: 0,
  finished_on: '2025-02-11',
  rating: 9,
  username: 'Ann',
  game_name: 'The Legend of Zelda: Tears of the Kingdom',
  game_slug: 'the-legend-of-zelda-tears-of-the-kingdom',
  cover_image_id: 'co5vmg',
  platform_name: 'Nintendo Switch',
  ...overrides,
});

const list = (overrides: Partial<PublicListRow> = {}): PublicListRow => ({
  list_id: 4,
  user_id: 2,
  username: 'Ann',
  slug: 'cosy-games',
  title: 'Cosy <games> & "more"',
  description: 'For rainy days.\n\nAnd <b>snow</b> days.',
  ranked: 1,
  ...overrides,
});

const game = (name: string, slug: string, cover: string | null = null) => ({ name, slug, cover_image_id: cover });

describe('a finished play as a Mastodon post', () => {
  it('says the game, the platform, the hours and the rating, with a link to the game and its cover', () => {
    const fields = playNoteFields('https://vgl.test', play(), 3720);
    expect(fields.content).toBe(
      '<p>Finished <strong>The Legend of Zelda: Tears of the Kingdom</strong> (Nintendo Switch) — 62 hours, ★★★★½ 4.5/5</p>' +
        '<p><a href="https://vgl.test/games/the-legend-of-zelda-tears-of-the-kingdom">On VGL</a></p>',
    );
    expect(fields.url).toBe('https://vgl.test/games/the-legend-of-zelda-tears-of-the-kingdom');
    expect(fields.cover).toEqual({ url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co5vmg.jpg', name: 'Cover of The Legend of Zelda: Tears of the Kingdom' });
  });

  it('leaves out what it does not know, and escapes the game’s and platform’s names', () => {
    const fields = playNoteFields('https://vgl.test', play({ game_name: 'Tom & Jerry <"Remastered">', platform_name: 'A<B>', rating: null, cover_image_id: null }), null);
    expect(fields.content).toBe(
      '<p>Finished <strong>Tom &amp; Jerry &lt;&quot;Remastered&quot;&gt;</strong> (A&lt;B&gt;)</p><p><a href="https://vgl.test/games/the-legend-of-zelda-tears-of-the-kingdom">On VGL</a></p>',
    );
    expect(fields.cover).toBeNull();
    expect(playNoteFields('https://vgl.test', play({ platform_name: null }), 90).content).toContain('</strong> — 1.5 hours, ★★★★½ 4.5/5</p>');
  });

  it('counts hours in tenths under ten, whole above, and not at all under three minutes', () => {
    expect([hoursText(null), hoursText(2), hoursText(3), hoursText(60), hoursText(594), hoursText(600), hoursText(3720)]).toEqual([
      null,
      null,
      '0.1 hours',
      '1 hour',
      '9.9 hours',
      '10 hours',
      '62 hours',
    ]);
  });
});

describe('a public list as an Article', () => {
  it('has the title as its name, the description and the first games (numbered when ranked) as HTML, the count and a link', () => {
    const games = [game('Celeste', 'celeste'), game('A <b> & "c"', 'abc', 'co1'), game('Tunic', 'tunic', 'co2')];
    const fields = listArticleFields('https://vgl.test', list(), { games, total: 3 });
    expect(fields.name).toBe('Cosy <games> & "more"');
    expect(fields.content).toBe(
      '<p>For rainy days.</p><p>And &lt;b&gt;snow&lt;/b&gt; days.</p>' +
        '<ol><li><a href="https://vgl.test/games/celeste">Celeste</a></li><li><a href="https://vgl.test/games/abc">A &lt;b&gt; &amp; &quot;c&quot;</a></li><li><a href="https://vgl.test/games/tunic">Tunic</a></li></ol>' +
        '<p><a href="https://vgl.test/u/ann/lists/cosy-games">3 games on VGL</a></p>',
    );
    expect(fields.url).toBe('https://vgl.test/u/ann/lists/cosy-games');
    // The first game that has a cover.
    expect(fields.cover).toEqual({ url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg', name: 'Cover of A <b> & "c"' });
  });

  it('bullets an unranked list, says how many more there are, and has no list for no games', () => {
    const fields = listArticleFields('https://vgl.test', list({ ranked: 0, description: null }), { games: [game('Celeste', 'celeste')], total: 12 });
    expect(fields.content).toBe('<ul><li><a href="https://vgl.test/games/celeste">Celeste</a></li></ul><p>and 11 more</p><p><a href="https://vgl.test/u/ann/lists/cosy-games">12 games on VGL</a></p>');
    expect(listArticleFields('https://vgl.test', list({ description: null }), { games: [], total: 0 }).content).toBe('<p><a href="https://vgl.test/u/ann/lists/cosy-games">0 games on VGL</a></p>');
  });

  it('changes the digest when what shows changes, not otherwise', () => {
    const base = listArticleFields('https://vgl.test', list(), { games: [], total: 0 });
    expect(publishedDigest(listArticleFields('https://vgl.test', list(), { games: [], total: 0 }))).toBe(publishedDigest(base));
    expect(publishedDigest(listArticleFields('https://vgl.test', list({ title: 'Other' }), { games: [], total: 0 }))).not.toBe(publishedDigest(base));
    expect(publishedDigest(playNoteFields('https://vgl.test', play(), 60))).not.toBe(publishedDigest(playNoteFields('https://vgl.test', play(), 120)));
  });
});
