import argon2 from 'argon2';

/**
 * Argon2id as OWASP's first equivalent configuration: 46 MiB, 1 pass (as costly to brute-force as its
 * 19 MiB × 2 baseline). The size matters to memory, not only to attackers: glibc hands a block over
 * 32 MiB back to the system when freed, while a 19 MiB one raised its mmap threshold and stayed in the
 * malloc arena of each libuv thread that had hashed — ~20 MB per thread for good after a few sign-ins
 * (issue 41: RSS up 60–90 MB after a load and never back). ~45 ms of CPU a hash here (the baseline ~26).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** Whether a stored hash was made with other settings (the baseline's, before): it is made again at the next sign-in. */
export const hashIsOutdated = (hash: string): boolean => {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return false;
  }
};

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login for an unknown account is not faster. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
