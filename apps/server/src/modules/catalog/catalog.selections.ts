import type { Db } from '../../db/database.js';

interface SelectionRecipe {
  slug: string;
  name: string;
  description: string;
  platforms: string[];
  years: [number, number];
}

/** The curated lists a fresh instance starts with: one per platform family and era. Editable later. */
export const SEED_SELECTIONS: SelectionRecipe[] = [
  {
    slug: '16-bit-classics',
    name: '16-bit Classics',
    description: 'The console war at its fiercest: the best-known Super Nintendo and Mega Drive games of the early nineties.',
    platforms: ['snes', 'sfam', 'genesis-slash-megadrive'],
    years: [1990, 1996],
  },
  {
    slug: 'home-computer-heroes-of-the-80s',
    name: 'Home Computer Heroes of the 80s',
    description: 'Tape loaders and bedroom coders: what everyone played on the ZX Spectrum, Amstrad CPC and Commodore 64.',
    platforms: ['zxs', 'acpc', 'c64'],
    years: [1982, 1989],
  },
  {
    slug: 'handheld-legends',
    name: 'Handheld Legends',
    description: 'Pocket-sized favourites from the Game Boy family, the Game Gear and the Lynx.',
    platforms: ['gb', 'gbc', 'gba', 'gamegear', 'lynx'],
    years: [1989, 2006],
  },
  {
    slug: 'the-32-bit-and-cd-era',
    name: 'The 32-bit and CD Era',
    description: 'Polygons, full-motion video and memory cards: PlayStation, Saturn and Sega CD games of the late nineties.',
    platforms: ['ps', 'saturn', 'sega-cd'],
    years: [1993, 2000],
  },
  {
    slug: 'japanese-computer-gems',
    name: 'Japanese Computer Gems',
    description: 'Adventures, shooters and RPGs from Japan\'s own computers: the PC-98, PC-88, X68000 and FM Towns.',
    platforms: ['pc-9800-series', 'pc-8800-series', 'sharp-x68000', 'fm-towns'],
    years: [1981, 1999],
  },
  {
    slug: 'eight-bit-console-icons',
    name: '8-bit Console Icons',
    description: 'Where home consoles grew up: the NES, Famicom, Master System and Atari 2600.',
    platforms: ['nes', 'famicom', 'sms', 'atari2600'],
    years: [1977, 1992],
  },
];

const SIZE = 24;

/** The most popular games of a recipe's platforms and years. */
async function recipeGames(db: Db, recipe: SelectionRecipe): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('game_platforms as gp')
    .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
    .select(['gp.game_id'])
    .select((eb) => eb.fn.max('gp.popularity').as('popularity'))
    .where('p.slug', 'in', recipe.platforms)
    .where('gp.release_year', '>=', recipe.years[0])
    .where('gp.release_year', '<=', recipe.years[1])
    .groupBy('gp.game_id')
    .orderBy('popularity', 'desc')
    .orderBy('gp.game_id')
    .limit(SIZE)
    .execute();
  return rows.map((r) => r.game_id);
}

/** Builds the seed selections from the catalog, once (an instance that has selections keeps its own). */
export async function seedSelections(db: Db): Promise<number> {
  const k = db.kysely;
  const existing = await k.selectFrom('selections').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  let created = 0;
  for (const [position, recipe] of SEED_SELECTIONS.entries()) {
    const games = await recipeGames(db, recipe);
    if (games.length < 6) continue;
    const selection = await k
      .insertInto('selections')
      .values({ slug: recipe.slug, name: recipe.name, description: recipe.description, image: null, position, igdb_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('selection_games')
      .values(games.map((game_id, i) => ({ selection_id: selection.id, game_id, position: i })))
      .execute();
    created += 1;
  }
  return created;
}

/** After the embedded catalog changed: the seed selections take the games of their recipe again (the others are left alone). */
export async function refillSeedSelections(db: Db): Promise<void> {
  const k = db.kysely;
  for (const recipe of SEED_SELECTIONS) {
    const selection = await k.selectFrom('selections').select('id').where('slug', '=', recipe.slug).where('igdb_id', 'is', null).executeTakeFirst();
    if (!selection) continue;
    const games = await recipeGames(db, recipe);
    await k.transaction().execute(async (trx) => {
      await trx.deleteFrom('selection_games').where('selection_id', '=', selection.id).execute();
      if (games.length) {
        await trx
          .insertInto('selection_games')
          .values(games.map((game_id, i) => ({ selection_id: selection.id, game_id, position: i })))
          .execute();
      }
    });
  }
}
