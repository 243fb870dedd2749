import { verifyPassword } from '../src/lib/password';

describe('password hashing (argon2id)', () => {
  it('hashes with OWASP’s baseline (19 MiB, 2 iterations, 1 lane) unless a test run lowered it', async () => {
    // A module registry of its own: the copy that bff/test/setup-hashing.ts switched is not this one.
    let production: typeof import('../src/lib/password') | undefined;
    jest.isolateModules(() => {
      production = jest.requireActual<typeof import('../src/lib/password')>('../src/lib/password');
    });
    const stored = await production!.hashPassword('correct-horse-battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await production!.verifyPassword(stored, 'correct-horse-battery')).toBe(true);
    expect(await production!.verifyPassword(stored, 'correct-horse-batterY')).toBe(false);
  });

  it('verifies a hash whatever its parameters: the test-strength hashes and production ones are read alike', async () => {
    const { hashPassword } = await import('../src/lib/password');
    const lowered = await hashPassword('correct-horse-battery');
    expect(lowered).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(lowered, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword('not a hash', 'correct-horse-battery')).toBe(false);
  });
});
