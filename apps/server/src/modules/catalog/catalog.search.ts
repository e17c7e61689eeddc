import { sql, type RawBuilder } from 'kysely';
import { PAGING } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { matchWords, searchWords } from '@vgl/shared';
import { meant, meantAfterCorrection, rankByRelevance, titleMatch, type RankedGame, type SearchCandidate, type SearchTerms } from './search-relevance.js';
import { CatalogWords } from './catalog.words.js';

const MAX_WORDS = 8;
/** How many of the most popular matches are ranked by relevance. */
const CANDIDATES = 200;
/** Search counts stop here: "1,000+ games" is as useful as the exact figure and far cheaper (the search page says "+"). */
const SEARCH_COUNT_CAP = PAGING.searchCountCap;

export interface SearchPage {
  ids: number[];
  total: number;
  /** The words actually searched, when a typo was corrected ("zelda" for "zelad"). */
  correctedTo?: string;
  /** Nothing matched, and the word list that corrects typos was still being built: ask again shortly. */
  correctionPending?: boolean;
  /**
   * The first result is probably not the game the searcher means: the words are only part of the
   * names of little-known games ("celeste" finding only "Marie Celeste"). The page says the game may
   * not be in the catalog before showing them. Known for the first page of results only.
   */
  unsure?: boolean;
}

/** How many readings of a misspelt search are tried (each unknown word's nearest known words, in turn). */
const CORRECTIONS_TRIED = 3;
/** How long a search that found nothing waits for a word list being built before answering as typed. */
const WORD_LIST_WAIT_MS = 25;
/**
 * The first misspelt search after a start waits longer: the word list is built on the first search (not at
 * start-up, issue 41), and a member's first typo should still be corrected. Building it takes ~0.7 s of CPU.
 */
const FIRST_WORD_LIST_WAIT_MS = 2_000;

/** A last word with more known completions than this is searched as a prefix. */
const MOST_COMPLETIONS = 12;
/** A single word in at least this many game names has more matches than the cap: no need to count them. */
const SURELY_OVER_CAP = SEARCH_COUNT_CAP * 10;

/**
 * Full-text search over names and alternative names: case, accents and
 * punctuation do not matter, numerals match either way, "&" is "and", and
 * initialisms find their game (the query is folded as search-index.ts
 * indexes titles: @vgl/shared search-words.ts); the last word matches as a
 * prefix, and when nothing matches, each unknown word is corrected to a
 * near known one. The database finds the most popular matches (FTS5 /
 * tsvector, per dialect); search-relevance.ts orders them the same way on
 * both, and says when the best is probably not the game meant.
 */
export class CatalogSearch {
  private readonly words: CatalogWords;
  /** Whether a word list was ever ready since the start: until then a misspelt search waits FIRST_WORD_LIST_WAIT_MS. */
  private hadWordList = false;

  constructor(private readonly db: Db) {
    this.words = new CatalogWords(db);
  }

  /** Starts building the word list, so that the first misspelt searches need not wait for it. */
  warm(): void {
    this.words.current();
  }

  /** Forget the word list after the catalog changed (import, sync). */
  invalidate(): void {
    this.words.invalidate();
  }

  async search(query: string, limit: number, offset: number): Promise<SearchPage> {
    // The first search after a start begins the word list (app.ts no longer builds it before anyone searches).
    this.warm();
    const typed = searchWords(query.replace(/&/g, ' and ')).slice(0, MAX_WORDS);
    const words = matchWords(query).slice(0, MAX_WORDS);
    if (words.length === 0) return { ids: [], total: 0 };
    const last = typed[typed.length - 1]!;
    const { best: _, ...first } = await this.run({ words, lastIsPrefix: true, ...(last !== words[words.length - 1] ? { lastTyped: last } : {}) }, limit, offset);
    if (first.total > 0) return first;
    // While the word list is rebuilt (after an import or a sync), a search hardly waits for it: it answers as
    // typed, says so, and the next one is corrected. The first one after a start waits for it to be built.
    const vocabulary = await this.words.within(this.hadWordList ? WORD_LIST_WAIT_MS : FIRST_WORD_LIST_WAIT_MS);
    if (!vocabulary) return { ...first, correctionPending: true };
    this.hadWordList = true;
    // Each unknown word's nearest known words, tried in turn until one reading finds a game people may mean.
    const options = words.map((w) => (vocabulary.has(w) ? [w] : vocabulary.corrections(w, CORRECTIONS_TRIED)));
    for (let attempt = 0; attempt < CORRECTIONS_TRIED; attempt += 1) {
      const corrected = words.map((w, i) => options[i]![Math.min(attempt, options[i]!.length - 1)] ?? w);
      if (corrected.join(' ') === words.join(' ')) break;
      if (attempt > 0 && options.every((o) => o.length <= attempt)) break;
      const terms = { words: corrected, lastIsPrefix: false };
      const { best, ...answer } = await this.run(terms, limit, offset);
      // A correction is a guess: one that finds only games nobody would mean ("witcher" → "Star Watcher")
      // is worse than saying the game is not in the catalog. (A deep page asks the first page about it.)
      const top = best ?? (answer.total > 0 ? (await this.run(terms, 1, 0)).best : undefined);
      if (top && meantAfterCorrection(top, corrected.some((w, i) => w === words[i]))) return { ...answer, correctedTo: corrected.join(' ') };
    }
    return first;
  }

  /** One search as the words stand; `best`: the first of the ranked candidates, when this page is among them. */
  private async run(terms: SearchTerms, limit: number, offset: number): Promise<SearchPage & { best?: RankedGame }> {
    // Rank the most popular matches by relevance instead of every match: a
    // one-word search in a million games can match tens of thousands.
    const found = await this.mostPopularMatches(terms, CANDIDATES, this.surelyOverCap(terms));
    // Pages go as far as the count does ("1,000+"). Past the ranked candidates the matches follow in
    // popularity order, read a page at a time: ranking every match up to a deep page took 1.4 s of
    // synchronous work for "a" on page 300, and each page would have been ranked differently.
    const end = Math.min(offset + limit, found.total, SEARCH_COUNT_CAP);
    if (offset >= end) return { ids: [], total: found.total };
    const ranked = offset < found.games.length ? await this.ranked(terms, found.games) : [];
    const beyond = end > found.games.length ? await this.matchIdsByPopularity(terms, Math.max(offset, found.games.length), end) : [];
    const ids = [...ranked.slice(offset, end).map((g) => g.id), ...beyond];
    return { ids, total: found.total, ...(ranked[0] ? { unsure: !meant(ranked[0]), best: ranked[0] } : {}) };
  }

  /** The candidates in relevance order (search-relevance.ts). */
  private async ranked(terms: SearchTerms, games: SearchCandidate[]): Promise<RankedGame[]> {
    // Each name is scored once: the games it does not answer are the ones whose alternative names are read.
    const nameMatches = games.map((game) => titleMatch(terms, game.name));
    await this.addAlternativeNames(games.filter((_, i) => nameMatches[i] === undefined));
    return rankByRelevance(terms, games, nameMatches);
  }

  /** The ids of the matches from position `from` to `to` (exclusive) in popularity order. */
  private async matchIdsByPopularity(terms: SearchTerms, from: number, to: number): Promise<number[]> {
    const k = this.db.kysely;
    if (this.db.dialect === 'sqlite') {
      const ranks = await sql<{ rank: number }>`select rowid as rank from games_fts where games_fts match ${this.ftsMatch(terms)}
        order by rowid limit ${to - from} offset ${from}`.execute(k);
      if (ranks.rows.length === 0) return [];
      const rows = await sql<{ rank: number; id: number }>`select rank, game_id as id from search_ranks where rank in (${sql.join(ranks.rows.map((r) => r.rank))})`.execute(k);
      return rows.rows.sort((a, b) => a.rank - b.rank).map((r) => r.id);
    }
    const rows = await sql<{ id: number }>`select id from games where search_vector @@ ${this.tsQuery(terms)}
      order by popularity desc, id limit ${to - from} offset ${from}`.execute(k);
    return rows.rows.map((r) => r.id);
  }

  /**
   * SQLite: the FTS5 query (each word quoted, the last one a prefix while it is being typed). A last
   * word that folding changed is searched both ways: "v" is 5 and the start of "vii" or "vampire".
   */
  private ftsMatch({ words, lastIsPrefix, lastTyped }: SearchTerms): string {
    return words
      .map((w, i) => {
        if (!lastIsPrefix || i !== words.length - 1) return `"${w}"`;
        return lastTyped ? `("${w}" OR "${lastTyped}"*)` : `"${w}"*`;
      })
      .join(' AND ');
  }

  /** PostgreSQL: the tsquery (the last word as its known completions; see prefixTerm). */
  private tsQuery({ words, lastIsPrefix, lastTyped }: SearchTerms): RawBuilder<unknown> {
    const last = (w: string) => (lastTyped ? `(${w} | ${this.prefixTerm(lastTyped)})` : this.prefixTerm(w));
    const tsquery = words.map((w, i) => (lastIsPrefix && i === words.length - 1 ? last(w) : w)).join(' & ');
    return sql`to_tsquery('vgl_search', ${tsquery})`;
  }

  /**
   * Whether one word is in so many names that its matches need no counting (the cap is the total).
   * Counting a word that is in 3% of a million titles means checking ~30,000 of them on PostgreSQL,
   * the slowest part of a search. Several words are always counted: together they may be rare.
   */
  private surelyOverCap({ words, lastIsPrefix }: SearchTerms): boolean {
    return words.length === 1 && (this.words.current()?.games(words[0]!, lastIsPrefix) ?? 0) >= SURELY_OVER_CAP;
  }

  /** The `count` most popular matches, most popular first, and how many match (up to the cap). */
  private async mostPopularMatches(terms: SearchTerms, count: number, overCap: boolean): Promise<{ games: SearchCandidate[]; total: number }> {
    const k = this.db.kysely;
    const candidate = (g: { id: number; name: string; popularity: number }): SearchCandidate => ({ ...g, popularity: Number(g.popularity), alternativeNames: [] });
    if (this.db.dialect === 'sqlite') {
      const match = this.ftsMatch(terms);
      // Full-text rowids are popularity ranks (search-index.ts), so one pass in rowid order gives
      // both the capped total and the most popular matches. No bm25() here: it reads every match
      // of each word for its statistics, and under a rowid filter FTS5 re-runs the query per rowid.
      const ranks = await sql<{ rank: number }>`select rowid as rank from games_fts where games_fts match ${match}
        order by rowid limit ${overCap ? count : Math.max(SEARCH_COUNT_CAP, count)}`.execute(k);
      const top = ranks.rows.slice(0, count).map((r) => r.rank);
      if (top.length === 0) return { games: [], total: 0 };
      const rows = await sql<{ rank: number; id: number; name: string; popularity: number }>`select r.rank, g.id, g.name, g.popularity
        from search_ranks r join games g on g.id = r.game_id where r.rank in (${sql.join(top)})`.execute(k);
      const total = overCap && ranks.rows.length === count ? SEARCH_COUNT_CAP : ranks.rows.length;
      return { games: rows.rows.sort((a, b) => a.rank - b.rank).map(candidate), total };
    }
    const q = this.tsQuery(terms);
    const [rows, counted] = await Promise.all([
      sql<{ id: number; name: string; popularity: number }>`select id, name, popularity from games where search_vector @@ ${q}
        order by popularity desc, id limit ${count}`.execute(k),
      overCap ? SEARCH_COUNT_CAP : this.cappedCount(q),
    ]);
    // Fewer than asked for: these are all the matches, whatever the count said.
    return { games: rows.rows.map(candidate), total: rows.rows.length < count ? rows.rows.length : counted };
  }

  private async cappedCount(q: RawBuilder<unknown>): Promise<number> {
    const counted = await sql<{ n: number }>`select count(*) as n from (select 1 from games where search_vector @@ ${q} limit ${SEARCH_COUNT_CAP}) matched`.execute(this.db.kysely);
    return Number(counted.rows[0]?.n ?? 0);
  }

  /**
   * PostgreSQL: the last word as the few known words it can become ("strike" → strike | striker),
   * else as a prefix (strike:*). A prefix makes GIN gather every matching word's rows before it can
   * intersect them, three times the work of a few plain words. Only ASCII words of three or more
   * letters are expanded, as the word list holds exactly those the way the index does; a word new
   * since the list was read is found as typed and its longer forms once the list is read again.
   */
  private prefixTerm(word: string): string {
    const plain = /^(?=.*[a-z])[a-z0-9]{3,}$/;
    const known = plain.test(word) ? this.words.current()?.completions(word, MOST_COMPLETIONS) : undefined;
    if (!known || !known.every((w) => plain.test(w))) return `${word}:*`;
    return `(${[...new Set([word, ...known])].join(' | ')})`;
  }

  /** Alternative names, read only for the games whose own name does not hold the search ("zeruda"). */
  private async addAlternativeNames(games: SearchCandidate[]): Promise<void> {
    const viaAlternative = new Map(games.map((g) => [g.id, g]));
    if (viaAlternative.size === 0) return;
    const rows = await this.db.kysely.selectFrom('alternative_names').select(['game_id', 'name']).where('game_id', 'in', [...viaAlternative.keys()]).execute();
    for (const alt of rows) viaAlternative.get(alt.game_id)?.alternativeNames.push(alt.name);
  }
}
