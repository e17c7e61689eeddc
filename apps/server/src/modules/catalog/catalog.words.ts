import { indexTerms, searchWords } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { listedGame } from './catalog.visibility.js';
import { Vocabulary } from './vocabulary.js';

/** Rebuild the word list at least this often, so imports by another process (the CLI) are seen. */
const TTL_MS = 10 * 60_000;
/** Names read per query while building; the event loop gets a turn between pages. */
const PAGE = 5_000;
/** Hidden terms are made for this many of the best-known games, a turn for other requests every TURN names (~5 ms). */
const SHORTHANDS_OF = 50_000;
const TURN = 1_000;
/**
 * Hidden terms kept for completing: the short ones people type ("ff7", "alttp", "pacman"), not "lozalttp1",
 * nor an initialism with a long number ("sdq123"), which is one title's alone and would fill memory.
 */
const completable = (term: string) => term.length <= 8 && !/\d{3}/.test(term);

/**
 * The catalog's word list (vocabulary.ts), kept fresh without stalling the
 * server: reading a million names takes seconds, so it is read in pages with
 * a turn for other requests in between, and a stale list keeps answering
 * while its successor is built.
 */
export class CatalogWords {
  private built: Vocabulary | undefined;
  private building: { words: Promise<Vocabulary>; generation: number } | undefined;
  private builtAt = 0;
  /** Bumped by invalidate(), so a build started before an import cannot put back the old words. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** Forget the list after the catalog changed (import, sync). */
  invalidate(): void {
    this.built = undefined;
    this.generation += 1;
  }

  /** The list, waiting for the first build (or the first after invalidate()). */
  async get(): Promise<Vocabulary> {
    return this.current() ?? (await this.build());
  }

  /** The list, waiting at most `ms` for one being built; undefined when it is not ready by then. */
  async within(ms: number): Promise<Vocabulary | undefined> {
    const ready = this.current();
    if (ready) return ready;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
    try {
      return await Promise.race([this.build().catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The list when one is built (stale or not), else undefined; starts a build when it is missing or stale. */
  current(): Vocabulary | undefined {
    if (!this.built || Date.now() - this.builtAt > TTL_MS) void this.build().catch(() => undefined);
    return this.built;
  }

  private build(): Promise<Vocabulary> {
    const generation = this.generation;
    if (this.building?.generation === generation) return this.building.words;
    const building = this.read().then((vocabulary) => {
      if (generation === this.generation) {
        this.built = vocabulary;
        this.builtAt = Date.now();
      }
      return vocabulary;
    });
    // A failed read (database briefly away) is tried again by the next search, not remembered.
    const words = building.finally(() => {
      if (this.building?.words === words) this.building = undefined;
    });
    this.building = { words, generation };
    return words;
  }

  private async read(): Promise<Vocabulary> {
    const vocabulary = new Vocabulary();
    const k = this.db.kysely;
    for (const [table, games] of [['games', 1], ['alternative_names', 0]] as const) {
      for (let after = 0; ; ) {
        // Members' games awaiting a moderator lend no word: a typo would otherwise be "corrected" to one.
        const rows = await k
          .selectFrom(table)
          .select(['id', 'name'])
          .where('id', '>', after)
          .where(listedGame(table === 'games' ? 'id' : 'game_id'))
          .orderBy('id')
          .limit(PAGE)
          .execute();
        // A game counts once per word; alternative names only add their words (so "zeruda" is known).
        for (const { name } of rows) for (const word of new Set(searchWords(name))) vocabulary.add(word, games);
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]!.id;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // The index's hidden terms complete a word being typed on PostgreSQL ("alt" → "alttp") but correct no
    // typo. Only those of the best-known games: they are what people abbreviate, and making the terms of a
    // million names took ~5 s of the serving thread after every import.
    const known = await k.selectFrom('games').select('name').where(listedGame('id')).orderBy('popularity', 'desc').orderBy('id').limit(SHORTHANDS_OF).execute();
    for (let i = 0; i < known.length; i += 1) {
      for (const term of new Set(indexTerms(known[i]!.name).split(' '))) if (completable(term)) vocabulary.add(term, 1, false);
      if (i % TURN === TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    vocabulary.index();
    return vocabulary;
  }
}
