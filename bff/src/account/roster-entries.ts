import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rosterEntries } from '../db/schema';

/* The one module that writes the roster_entries table: the roster import and organisation verification call it. */

export interface NewRosterEntry {
  memberSymbol: string;
  memberNumber: string;
  birthday: string;
}

/** Adds entries to an association's roster; those already there are kept. Returns how many were new. */
export async function insertRosterEntries(tx: Executor, associationId: string, entries: NewRosterEntry[]): Promise<number> {
  const added = await tx
    .insert(rosterEntries)
    .values(entries.map(({ memberSymbol, memberNumber, birthday }) => ({ associationId, memberSymbol, memberNumber, birthday })))
    .onConflictDoNothing()
    .returning({ id: rosterEntries.id });
  return added.length;
}

/** Claimed only if still free (or already this member's): of two members racing for one entry, one wins. */
export async function claimRosterEntry(tx: Executor, entryId: string, userId: string): Promise<boolean> {
  const claimed = await tx
    .update(rosterEntries)
    .set({ linkedUserId: userId })
    .where(and(eq(rosterEntries.id, entryId), or(isNull(rosterEntries.linkedUserId), eq(rosterEntries.linkedUserId, userId))))
    .returning({ id: rosterEntries.id });
  return claimed.length > 0;
}

/** A member left: their entry is free again, so the person can register anew. Returns how many were freed. */
export async function releaseRosterEntries(tx: Executor, userId: string): Promise<number> {
  const freed = await tx
    .update(rosterEntries)
    .set({ linkedUserId: null })
    .where(eq(rosterEntries.linkedUserId, userId))
    .returning({ id: rosterEntries.id });
  return freed.length;
}
