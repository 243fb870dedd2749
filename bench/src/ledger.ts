import { randomUUID } from 'node:crypto';
import { openDatabase } from '@sukoyaka/bff/src/db/client';
import { associations, users } from '@sukoyaka/bff/src/db/schema';
import { addGift, importGiftCodes, redeem } from '@sukoyaka/bff/src/incentives/gifts';
import { credit } from '@sukoyaka/bff/src/incentives/ledger';
import { createProgram } from '@sukoyaka/bff/src/incentives/operator';
import { reconcile } from '@sukoyaka/bff/src/incentives/reconcile';
import { withBenchDatabase } from './bench-database';
import { runLedgerModel } from './ledger-model';

/*
 * Issue 11 on PostgreSQL (BENCH_DATABASE_URL or the local default):
 * 1. redemptions per second with 100 members redeeming a digital gift at once (each member 20 in
 *    a row, a pool of 20 connections), then reconcile();
 * 2. the ledger's model-based check (bench/ledger-model.ts) with LEDGER_BENCH_OPS operations
 *    (default 1,000,000), every outcome against the model, then reconcile().
 */

const GOALS = { redemptionsPerSecond: 200 };
const MEMBERS = 100;
const EACH = 20;

export async function ledgerBench(): Promise<string[]> {
  const failures: string[] = [];
  await withBenchDatabase('ledger', async (databaseUrl) => {
    const database = await openDatabase({
      databaseUrl,
      dataDir: '',
      pool: { max: 20, connectionTimeoutMs: 10_000, idleTimeoutMs: 30_000, statementTimeoutMs: 0 },
    });
    const { db } = database;
    try {
      const [association] = await db.insert(associations).values({ name: 'ベンチ組合' }).returning({ id: associations.id });
      const associationId = association!.id;
      const pointId = await createProgram(db, { associationId, name: 'ベンチポイント' });
      // A digital gift: each redemption takes its own code (SKIP LOCKED), so no row is shared.
      const giftId = await addGift(db, { programId: pointId, name: 'ベンチギフト', cost: 10, kind: 'digital_code' });
      await importGiftCodes(db, giftId, Array.from({ length: MEMBERS * EACH }, (_, i) => `BENCH-${String(i).padStart(6, '0')}`).join('\n'));
      const members = [];
      for (let i = 0; i < MEMBERS; i += 1) {
        const [user] = await db
          .insert(users)
          .values({ email: `ledger-${i}-${randomUUID()}@bench.example`, passwordHash: '-', nickname: 'ベンチ', associationId })
          .returning({ id: users.id });
        await db.transaction((tx) =>
          credit(tx, {
            kind: 'grant',
            userId: user!.id,
            programId: pointId,
            amount: 10 * EACH,
            description: '付与',
            idempotencyKey: `bench-${user!.id}`,
            now: new Date(),
          }),
        );
        members.push({ id: user!.id, email: '', nickname: '', associationId, emailVerified: true });
      }
      const started = performance.now();
      await Promise.all(
        members.map(async (member) => {
          for (let i = 0; i < EACH; i += 1) await redeem(db, member, giftId, `bench-${member.id}-${i}`, new Date());
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const perSecond = (MEMBERS * EACH) / seconds;
      console.log(
        `redemptions: ${MEMBERS * EACH} by ${MEMBERS} members at once in ${seconds.toFixed(1)} s: ${perSecond.toFixed(0)}/s (goal ≥ ${GOALS.redemptionsPerSecond}/s)`,
      );
      if (perSecond < GOALS.redemptionsPerSecond)
        failures.push(`ledger: ${perSecond.toFixed(0)} redemptions/s < ${GOALS.redemptionsPerSecond}`);

      const operations = Number(process.env.LEDGER_BENCH_OPS ?? 1_000_000);
      const run = await runLedgerModel(db, { operations, parallel: 16, members: 200 });
      console.log(
        `model: ${run.operations} operations in ${run.seconds.toFixed(0)} s (${(run.operations / run.seconds).toFixed(0)}/s), ${run.mismatches.length} mismatches`,
      );
      if (run.mismatches.length > 0) failures.push(`ledger model: ${run.mismatches.slice(0, 3).join('; ')}`);
      const report = await reconcile(db);
      console.log(`reconcile: ${report.ok ? 'ok' : report.breaks.map((item) => item.invariant).join('; ')}`);
      if (!report.ok) failures.push('ledger: reconciliation found breaks');
    } finally {
      await database.close();
    }
  });
  return failures;
}
