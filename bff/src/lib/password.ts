import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (OWASP Password Storage Cheat Sheet).
 * `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolatedModules).
 */
export const PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The bff's own test runs only (bff/test/setup-hashing.ts): the same argon2id at its smallest cost,
 * so the API suite's thousands of sign-ups and sign-ins do not spend most of its time hashing.
 * A hash carries its own parameters, so verifying is unchanged; password.test.ts proves a bff
 * started any other way hashes with PASSWORD_HASH_OPTIONS.
 */
const TEST_STRENGTH_OPTIONS = { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

let options: typeof PASSWORD_HASH_OPTIONS | typeof TEST_STRENGTH_OPTIONS = PASSWORD_HASH_OPTIONS;

export function useTestStrengthHashing(): void {
  options = TEST_STRENGTH_OPTIONS;
}

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when no account matches keeps the answer's timing the same whether or
 * not the e-mail is registered.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('sukoyaka-decoy-password');
  return decoyHash;
}
