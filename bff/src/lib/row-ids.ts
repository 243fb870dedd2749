// Row ids made by the bff for the tables that grow with every member action (the ledger, the
// gifts handed out, the outbox): UUID version 7, whose first 48 bits are the time in
// milliseconds (RFC 9562, section 5.7). New rows then land at the right edge of their primary key's
// index, and of the indexes on columns that hold such an id (an entry's transfer), instead of on
// a random page of it: at a million members those pages are no longer in PostgreSQL's buffers,
// and each insert read one back (issue 28; docs/decisions/0041-time-ordered-row-ids.md). The
// database's own default is the same kind of id (`uuid_v7()`, migration 0040).
import { v7 } from 'uuid';

/** A new row id, ordered by the time it was made. */
export const newRowId = (): string => v7();
