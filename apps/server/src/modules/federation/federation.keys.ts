import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Fedify } from './federation.fedify.js';
import { federationRepo } from './federation.repo.js';
import type { FederationKeyAlgorithm } from './federation.tables.js';

/**
 * RSA first: Mastodon verifies draft-cavage HTTP Signatures made with it, and
 * Fedify signs requests with the first RSA key it is given. Ed25519 signs
 * object integrity proofs (FEP-8b32) for servers that check those.
 */
type KeyPair = Awaited<ReturnType<Fedify['generateCryptoKeyPair']>>;

const ALGORITHMS: FederationKeyAlgorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

/**
 * A member's key pairs, made on first need and kept (federation_keys):
 * remote servers cache the public halves by key id, so a key must never
 * change under them. Two instances racing to make them both read back the
 * pair that was written first.
 */
export function memberKeys(f: Fedify, k: Kysely<Database>, now: () => number = Date.now) {
  const imported = async (rows: Awaited<ReturnType<typeof federationRepo.keysOf>>) =>
    Promise.all(
      ALGORITHMS.map(async (algorithm) => {
        const row = rows.find((r) => r.algorithm === algorithm)!;
        return { publicKey: await f.importJwk(JSON.parse(row.public_jwk), 'public'), privateKey: await f.importJwk(JSON.parse(row.private_jwk), 'private') };
      }),
    );
  return async function keyPairsOf(userId: number): Promise<KeyPair[]> {
    const stored = await federationRepo.keysOf(k, userId);
    if (ALGORITHMS.every((algorithm) => stored.some((r) => r.algorithm === algorithm))) return imported(stored);
    const at = now();
    const made = await Promise.all(
      ALGORITHMS.filter((algorithm) => !stored.some((r) => r.algorithm === algorithm)).map(async (algorithm) => {
        const pair = await f.generateCryptoKeyPair(algorithm);
        return {
          user_id: userId,
          algorithm,
          public_jwk: JSON.stringify(await f.exportJwk(pair.publicKey)),
          private_jwk: JSON.stringify(await f.exportJwk(pair.privateKey)),
          created_at: at,
        };
      }),
    );
    await federationRepo.insertKeys(k, made);
    return imported(await federationRepo.keysOf(k, userId));
  };
}
