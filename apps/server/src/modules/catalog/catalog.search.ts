import { sql } from 'kysely';
import { PAGING } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { searchWords } from '@vgl/shared';
import { Vocabulary } from './vocabulary.js';

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
}

/**
 * Full-text search over names and alternative names: case, accents and
 * punctuation do not matter, the last word matches as a prefix, and when
 * nothing matches, each unknown word is corrected to the nearest known one.
 * Ranked by text relevance blended with popularity. One function; the SQL
 * differs per dialect (FTS5 / tsvector).
 */
/** Rebuild the word list at least this often, so imports by another process (the CLI) are seen. */
const VOCABULARY_TTL_MS = 10 * 60_000;

export class CatalogSearch {
  private vocabulary: Promise<Vocabulary> | undefined;
  private builtAt = 0;

  constructor(private readonly db: Db) {}

  /** Forget the word list after the catalog changed (import, sync). */
  invalidate(): void {
    this.vocabulary = undefined;
  }

  private words(): Promise<Vocabulary> {
    if (Date.now() - this.builtAt > VOCABULARY_TTL_MS) this.vocabulary = undefined;
    this.vocabulary ??= (async () => {
      this.builtAt = Date.now();
      const vocabulary = new Vocabulary();
      const rows = await sql<{ name: string }>`select name from games union all select name from alternative_names`.execute(this.db.kysely);
      for (const { name } of rows.rows) for (const word of searchWords(name)) vocabulary.add(word);
      return vocabulary;
    })();
    return this.vocabulary;
  }

  async search(query: string, limit: number, offset: number): Promise<SearchPage> {
    const words = searchWords(query).slice(0, MAX_WORDS);
    if (words.length === 0) return { ids: [], total: 0 };
    const first = await this.run(words, true, limit, offset);
    if (first.total > 0) return first;
    const vocabulary = await this.words();
    const corrected = words.map((w) => (vocabulary.has(w) ? w : (vocabulary.correct(w) ?? w)));
    if (corrected.join(' ') === words.join(' ')) return first;
    return { ...(await this.run(corrected, false, limit, offset)), correctedTo: corrected.join(' ') };
  }

  private async run(words: string[], lastIsPrefix: boolean, limit: number, offset: number): Promise<SearchPage> {
    const k = this.db.kysely;
    // Rank the most popular matches by relevance instead of every match: a
    // one-word search in a million games can match tens of thousands.
    const candidates = Math.max(CANDIDATES, offset + limit);
    if (this.db.dialect === 'sqlite') {
      const match = words.map((w, i) => `"${w}"${lastIsPrefix && i === words.length - 1 ? '*' : ''}`).join(' ');
      // One pass over the matches in popularity order gives both the capped total and the candidates;
      // only the candidates are then scored for relevance.
      const ranks = await sql<{ rank: number }>`select rowid as rank from games_fts where games_fts match ${match}
        order by rowid limit ${Math.max(SEARCH_COUNT_CAP, candidates)}`.execute(k);
      const total = ranks.rows.length;
      const top = ranks.rows.slice(0, candidates).map((r) => r.rank);
      if (top.length === 0 || offset >= top.length) return { ids: [], total };
      const rows = await sql<{ id: number }>`with hits as (
            select rowid as rank, bm25(games_fts, 10.0, 2.0) as relevance from games_fts
            where games_fts match ${match} and rowid in (${sql.join(top)}))
          select r.game_id as id from hits h join search_ranks r on r.rank = h.rank join games g on g.id = r.game_id
          order by h.relevance - ln(1 + g.popularity) * 0.6, h.rank
          limit ${limit} offset ${offset}`.execute(k);
      return { ids: rows.rows.map((r) => r.id), total };
    }
    const tsquery = words.map((w, i) => `${w}${lastIsPrefix && i === words.length - 1 ? ':*' : ''}`).join(' & ');
    const q = sql`to_tsquery('vgl_search', ${tsquery})`;
    const [rows, count] = await Promise.all([
      sql<{ id: number }>`with hits as (
          select id, popularity, search_vector from games where search_vector @@ ${q} order by popularity desc, id limit ${candidates})
        select id from hits order by ts_rank(search_vector, ${q}) * 10 + ln(1 + popularity) * 0.6 desc, id
        limit ${limit} offset ${offset}`.execute(k),
      sql<{ n: number }>`select count(*) as n from (select 1 from games where search_vector @@ ${q} limit ${SEARCH_COUNT_CAP}) matched`.execute(k),
    ]);
    return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
  }
}
