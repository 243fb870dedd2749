import { count, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { auditLogs, users, type oneTimeTokens } from '../src/db/schema';
import type { OutboxMail } from '../src/dev/outbox';
import type { TestContext } from './helpers';

/** Every mail the fake SMTP server received for an address, newest first. */
export function mailsTo(ctx: TestContext, address: string): OutboxMail[] {
  return ctx.outbox.snapshot().mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/**
 * Runs `action` and returns its result with the one new mail it caused to `address`. Mail leaves
 * through the outbox after the call (platform/outbox.ts): this drains it, then waits for the
 * fake SMTP server to have it.
 */
export async function withNewMail<T>(
  ctx: TestContext,
  address: string,
  action: () => Promise<T>,
): Promise<{ result: T; mail: OutboxMail }> {
  // What earlier steps enqueued leaves first: it is not this action's mail (SMTP delivery of two
  // mails may land in either order, so counting alone could take the older one).
  await ctx.deliverOutbox();
  const before = mailsTo(ctx, address).length;
  const result = await action();
  await ctx.deliverOutbox();
  const mail = await ctx.outbox.waitFor(() => (mailsTo(ctx, address).length > before ? mailsTo(ctx, address)[0] : undefined));
  return { result, mail };
}

/** The token of the link to `path` in a mail, e.g. /signup/verification?token=… */
export function tokenIn(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[1]!;
}

export async function countRows(db: Database, table: typeof users | typeof oneTimeTokens | typeof auditLogs): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return row!.value;
}

export async function auditEvents(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ event: auditLogs.event }).from(auditLogs).where(eq(auditLogs.userId, userId)).orderBy(auditLogs.createdAt);
  return rows.map((row) => row.event);
}

export async function userByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

let counter = 0;
/** A fresh address per test, so the tests of a file do not meet each other's accounts. */
export function freshEmail(prefix = 'newcomer'): string {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}@example.jp`;
}

/** A password that passes the policy (and contains no part of the addresses above). */
export const GOOD_PASSWORD = 'midori-no-kaze-2026';
