import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { importMapEntries, importMapHistory } from '../../db/schema';
import type { ArtefactManifest } from './artefacts';

export interface LiveEntry {
  package: string;
  version: string;
  manifest: ArtefactManifest;
  revision: number;
}

export interface HistoryRow {
  id: number;
  package: string;
  version: string;
  previousVersion: string | null;
  action: string;
  revision: number;
  actor: string;
  at: Date;
}

/** Another change to the entry committed after the revision the caller based its change on. */
export class RevisionConflictError extends Error {
  constructor(
    readonly packageName: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`${packageName} は別の変更で更新されました (想定した改訂 ${expected}、現在 ${actual})。最新の状態を確認してやり直してください。`);
  }
}

export async function liveEntries(db: Executor): Promise<LiveEntry[]> {
  const rows = await db
    .select({
      package: importMapEntries.package,
      version: importMapEntries.version,
      manifest: importMapEntries.manifest,
      revision: importMapEntries.revision,
    })
    .from(importMapEntries)
    .where(ne(importMapEntries.version, ''));
  return rows.map((row) => ({ ...row, manifest: row.manifest as ArtefactManifest }));
}

/** Grows with every change to the map: instances compare it with what they last read. */
export async function changeCounter(db: Executor): Promise<number> {
  const [row] = await db.select({ last: sql<string | null>`max(${importMapHistory.id})` }).from(importMapHistory);
  return Number(row?.last ?? 0);
}

/**
 * Makes `version` the package's live entry and records it, in one transaction that holds the
 * entry's row lock: two deploys at once run one after the other, and each history row names the
 * version the other left (none is lost). With `expectedRevision` the change is refused when
 * another committed first (compare-and-set).
 */
export async function recordChange(
  db: Executor,
  change: {
    packageName: string;
    manifest: ArtefactManifest;
    action: 'deploy' | 'rollback';
    actor: string;
    expectedRevision?: number;
    now: Date;
  },
): Promise<{ revision: number; previousVersion: string | null }> {
  const { packageName, manifest } = change;
  return db.transaction(async (tx) => {
    // The first deploy of a package creates its row; a concurrent first deploy waits on it here.
    await tx.insert(importMapEntries).values({ package: packageName, version: '', manifest: {}, revision: 0 }).onConflictDoNothing();
    const [current] = await tx.select().from(importMapEntries).where(eq(importMapEntries.package, packageName)).for('update');
    if (!current) throw new Error(`import_map_entries lost the row of ${packageName}`);
    if (change.expectedRevision !== undefined && change.expectedRevision !== current.revision) {
      throw new RevisionConflictError(packageName, change.expectedRevision, current.revision);
    }
    const revision = current.revision + 1;
    const previousVersion = current.version === '' ? null : current.version;
    await tx
      .update(importMapEntries)
      .set({ version: manifest.version, manifest, revision, updatedAt: change.now })
      .where(eq(importMapEntries.package, packageName));
    await tx.insert(importMapHistory).values({
      package: packageName,
      version: manifest.version,
      previousVersion,
      action: change.action,
      revision,
      actor: change.actor,
      at: change.now,
    });
    return { revision, previousVersion };
  });
}

export async function entryOf(db: Executor, packageName: string): Promise<{ version: string; revision: number } | null> {
  const [row] = await db
    .select({ version: importMapEntries.version, revision: importMapEntries.revision })
    .from(importMapEntries)
    .where(and(eq(importMapEntries.package, packageName), ne(importMapEntries.version, '')));
  return row ?? null;
}

export async function historyOf(db: Executor, packageName: string, limit = 20): Promise<HistoryRow[]> {
  return db
    .select()
    .from(importMapHistory)
    .where(eq(importMapHistory.package, packageName))
    .orderBy(desc(importMapHistory.id))
    .limit(limit);
}
