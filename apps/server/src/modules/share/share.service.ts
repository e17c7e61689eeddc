import { SHARE_MESSAGES } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { presentGameCard, type GameCard } from '../catalog/catalog.presenter.js';
import { gameCards } from '../catalog/catalog.repo.js';
import { readSharedLink } from './share.links.js';
import { shareRepo } from './share.repo.js';

/** "Share to VGL": the game a shared address is about, when the catalog knows it. */
export function createShareService(db: Db, publicUrl: string) {
  const k = db.kysely;
  const ownHost = new URL(publicUrl).hostname;

  async function gameIdOf(url: string): Promise<number | undefined> {
    const link = readSharedLink(url, ownHost);
    switch (link?.kind) {
      case 'steam':
        return shareRepo.byStoreId(k, 'steam', link.appId);
      case 'gog':
        return shareRepo.byStoreId(k, 'gog', link.path);
      case 'igdb':
        return shareRepo.byIgdbSlug(k, link.slug);
      case 'wikidata':
        return shareRepo.byWikidata(k, link.qid);
      case 'vgl':
        return shareRepo.bySlug(k, link.slug);
      default:
        return undefined;
    }
  }

  return {
    async byLink(url: string): Promise<GameCard> {
      const id = await gameIdOf(url);
      const [card] = id === undefined ? [] : await gameCards(k, [id]);
      if (!card) throw notFound(SHARE_MESSAGES.noMatch);
      return presentGameCard(card);
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
