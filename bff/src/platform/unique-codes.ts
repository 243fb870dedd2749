// Codes people read (order numbers, inquiry receipt numbers) are short and drawn at random, so two
// may meet; the unique index says so, and the code is drawn again.
import type { Transaction } from '../db/client';

/**
 * True for PostgreSQL's unique_violation (of `constraint`, when named), however the driver wraps
 * it (Drizzle puts the driver's error in `cause`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const violation = current as { code?: unknown; constraint?: unknown };
    if (violation.code === '23505') return constraint === undefined || violation.constraint === constraint;
  }
  return false;
}

/**
 * Inserts with a freshly drawn code, in a savepoint of the caller's transaction, drawing again
 * while the code is taken (at most `attempts` draws; then the violation is thrown). Any other
 * error is thrown at once.
 */
export async function insertWithFreshCode(
  tx: Transaction,
  draw: () => string,
  insert: (savepoint: Transaction, code: string) => Promise<unknown>,
  attempts = 5,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const code = draw();
    try {
      await tx.transaction((savepoint) => insert(savepoint, code));
      return code;
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
