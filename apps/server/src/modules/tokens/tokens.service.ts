import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_LIMITS, TOKEN_MESSAGES, type AccessToken, type CreatedAccessToken, type TokenScope } from '@vgl/shared';
import type { TokenInput } from '@vgl/shared/schemas';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { UserRow } from '../users/users.repo.js';
import { tokensRepo, type AccessTokenRow } from './tokens.repo.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Last use is kept to the minute: one write a minute per token, not one per request. */
const TOUCH_EVERY_MS = 60_000;

export const isAccessToken = (bearer: string) => bearer.startsWith(TOKEN_LIMITS.prefix);

function present(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export interface TokenIdentity {
  tokenId: number;
  userId: number;
  scope: TokenScope;
}

/** Personal access tokens: made and revoked by their owner in Settings, accepted as Bearer tokens. */
export function createTokensService(db: Db, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    async list(actor: UserRow): Promise<AccessToken[]> {
      return (await tokensRepo.listForUser(k, actor.id)).map(present);
    },

    async create(actor: UserRow, input: TokenInput): Promise<CreatedAccessToken> {
      const token = TOKEN_LIMITS.prefix + randomBytes(32).toString('base64url');
      const row = await k.transaction().execute(async (trx) => {
        // Counted and added one request at a time, so tokens made at once cannot pass the limit together.
        await lockMember(db, trx, actor.id);
        if ((await tokensRepo.countForUser(trx, actor.id)) >= TOKEN_LIMITS.perMember) {
          throw new AppError(409, 'too_many_tokens', TOKEN_MESSAGES.tooMany);
        }
        return tokensRepo.insert(trx, {
          user_id: actor.id,
          name: input.name,
          scope: input.scope,
          token_hash: sha256(token),
          hint: token.slice(0, TOKEN_LIMITS.prefix.length + 4),
          created_at: now(),
        });
      });
      return { ...present(row), token };
    },

    async revoke(actor: UserRow, id: number): Promise<void> {
      if (!(await tokensRepo.remove(k, actor.id, id))) throw notFound(TOKEN_MESSAGES.notFound);
    },

    /** Who a `vgl_pat_…` bearer token belongs to, or null when it is unknown or revoked. */
    async identify(token: string): Promise<TokenIdentity | null> {
      const row = await tokensRepo.findByHash(k, sha256(token));
      if (!row) return null;
      const at = now();
      if (row.last_used_at === null || at - Number(row.last_used_at) >= TOUCH_EVERY_MS) await tokensRepo.touch(k, row.id, at);
      return { tokenId: row.id, userId: row.user_id, scope: row.scope };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
