import type { IgdbClient } from './igdb.client.js';
import { PAGE_SIZE } from './igdb.types.js';

export interface ObservedQueries {
  /** Called after each page of games arrives (a `games` query for a full page's worth: `limit 500`). */
  onGamesPage: () => void;
  /** Called before each query; throwing stops the sync there (a lost lease, the server shutting down). */
  beforeQuery?: () => void;
}

const limitOf = (body: string) => Number(/(?:^|;)\s*limit\s+(\d+)/.exec(body)?.[1] ?? NaN);

/**
 * The IGDB client as the sync sees it, with every query watched: pages of
 * games are counted for the Catalog page while the run goes (the sync's own
 * count arrives only with its report), and a run that must stop is stopped
 * at its next query. The client itself (its token, its rate limits) is shared.
 */
export function observedClient(client: IgdbClient, observe: ObservedQueries): IgdbClient {
  const observed = Object.create(client) as IgdbClient;
  observed.query = async <T>(endpoint: string, body: string): Promise<T> => {
    observe.beforeQuery?.();
    const answer = await client.query<T>(endpoint, body);
    if (endpoint === 'games' && limitOf(body) === PAGE_SIZE) observe.onGamesPage();
    return answer;
  };
  return observed;
}
