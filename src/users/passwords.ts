import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2; the package's enum is an ambient const enum) at OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** Constant-time by construction: argon2 recomputes the digest and compares it in full. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
