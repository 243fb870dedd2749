import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@sukoyaka/bff/src/db/client';
import { associations, users } from '@sukoyaka/bff/src/db/schema';
import { saveDeliveryAddress } from '@sukoyaka/bff/src/incentives/delivery';
import { addGift, redeem } from '@sukoyaka/bff/src/incentives/gifts';
import { credit, debit, expireMember, InsufficientBalanceError } from '@sukoyaka/bff/src/incentives/ledger';
import { createProgram } from '@sukoyaka/bff/src/incentives/operator';
import { seededRandom } from '@sukoyaka/bff/src/lib/seeded-random';

/*
 * The ledger's model-based check (bff/test/incentives-ledger.test.ts runs it, the `ledger` bench
 * runs it a million times): random earn / redeem / revoke / expire / replay operations, `parallel`
 * members at once on the pool's connections (each member's operations in order), every outcome
 * compared with a simple in-memory model (lots by expiry, the rules of ledger.ts); after every
 * batch the touched members' cached and summed balances; every 25 batches the whole ledger (no
 * negative balance, all entries summing to zero, no cached balance drifting from its entries).
 */

const DAY = 24 * 3600_000;
/** The model's gift costs (points or coins). */
const COSTS = [5, 20, 45] as const;

interface Lot {
  remaining: number;
  expiresAt: number;
}

/** One member's two accounts as the model sees them: coins, and lots in one program. */
class ModelMember {
  coins = 0;
  lots: Lot[] = [];
  /** Keys of movements that succeeded, to replay one. */
  keys: Array<{ key: string; currency: 'coin' | 'point' }> = [];

  points(): number {
    return this.lots.reduce((sum, lot) => sum + lot.remaining, 0);
  }

  /** The due lots' remaining points (what an expiry at `now` takes). */
  due(now: number): number {
    return this.lots.filter((lot) => lot.expiresAt <= now).reduce((sum, lot) => sum + lot.remaining, 0);
  }

  expire(now: number): number {
    const amount = this.due(now);
    this.lots = this.lots.filter((lot) => lot.expiresAt > now && lot.remaining > 0);
    return amount;
  }

  /** A point spend: due lots expire first, then the soonest-expiring lots; all or nothing. */
  spendPoints(amount: number, now: number): boolean {
    const live = this.lots.filter((lot) => lot.expiresAt > now);
    const available = live.reduce((sum, lot) => sum + lot.remaining, 0);
    if (available < amount) return false;
    this.expire(now);
    let left = amount;
    for (const lot of [...this.lots].sort((a, b) => a.expiresAt - b.expiresAt)) {
      const take = Math.min(left, lot.remaining);
      lot.remaining -= take;
      left -= take;
    }
    this.lots = this.lots.filter((lot) => lot.remaining > 0);
    return true;
  }
}

type Op =
  | { kind: 'earn'; currency: 'coin' | 'point'; amount: number; expiresInDays: number; key: string }
  | { kind: 'redeem' | 'revoke'; currency: 'coin' | 'point'; amount: number; key: string }
  | { kind: 'expire' }
  | { kind: 'replay'; key: string; currency: 'coin' | 'point' };

export interface ModelRun {
  operations: number;
  batches: number;
  /** Outcomes by operation, e.g. `redeem:insufficient`. */
  counts: Record<string, number>;
  /** Where the database and the model disagreed (the run stops at the first batch with any). */
  mismatches: string[];
  /** The model's clock at the end (an expiry run after it has nothing the model did not expect). */
  clock: number;
  seconds: number;
}

const MODEL_ADDRESS = {
  name: 'モデル 会員',
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: '',
  phone: '03-1234-5678',
} as const;

export async function runLedgerModel(
  db: Database,
  options: { operations: number; parallel: number; members?: number; seed?: number },
): Promise<ModelRun> {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 20261123);
  const memberCount = options.members ?? 48;
  const parallel = options.parallel;
  const members: Array<{ id: string; model: ModelMember }> = [];
  const [association] = await db.insert(associations).values({ name: 'モデル組合' }).returning({ id: associations.id });
  const associationId = association!.id;
  for (let i = 0; i < memberCount; i += 1) {
    const [user] = await db
      .insert(users)
      .values({ email: `model-${randomUUID()}@bench.example`, passwordHash: '-', nickname: 'モデル', associationId })
      .returning({ id: users.id });
    // Redemptions are of gifts sent by post: each member has the address they go to.
    await saveDeliveryAddress(db, user!.id, MODEL_ADDRESS, new Date());
    members.push({ id: user!.id, model: new ModelMember() });
  }
  const pointId = await createProgram(db, { associationId, name: 'モデル' });
  // Redemptions are real: gifts of three costs in each currency, unlimited stock.
  const giftIds = new Map<string, string>();
  for (const cost of COSTS) {
    giftIds.set(`point:${cost}`, await addGift(db, { programId: pointId, name: `ギフト${cost}`, cost, kind: 'delivery' }));
    giftIds.set(`coin:${cost}`, await addGift(db, { programId: null, name: `コインギフト${cost}`, cost, kind: 'delivery' }));
  }
  let clock = Date.UTC(2030, 0, 1);
  let done = 0;
  let batch = 0;
  let keyCounter = 0;
  const counts: Record<string, number> = {};
  const pick = (n: number) => Math.floor(random() * n);

  function randomOp(model: ModelMember): Op {
    const roll = random();
    const currency = random() < 0.75 ? 'point' : 'coin';
    const key = `op-${(keyCounter += 1)}`;
    if (roll < 0.4) return { kind: 'earn', currency, amount: 1 + pick(50), expiresInDays: 1 + pick(20), key };
    if (roll < 0.7) return { kind: 'redeem', currency, amount: COSTS[pick(COSTS.length)]!, key };
    if (roll < 0.82) return { kind: 'revoke', currency, amount: 1 + pick(40), key };
    if (roll < 0.94 || model.keys.length === 0) return { kind: 'expire' };
    const replayed = model.keys[pick(model.keys.length)]!;
    return { kind: 'replay', key: replayed.key, currency: replayed.currency };
  }

  /** Runs one op on the database; returns what it did, to compare with the model. */
  async function run(userId: string, op: Op, now: Date): Promise<string> {
    const programId = (currency: 'coin' | 'point') => (currency === 'coin' ? null : pointId);
    if (op.kind === 'expire') return `expired ${await db.transaction((tx) => expireMember(tx, userId, pointId, now))}`;
    if (op.kind === 'replay') {
      // The same key again: no new movement whatever the amount or kind sent.
      const result = await db.transaction((tx) =>
        credit(tx, {
          kind: 'earn',
          userId,
          programId: programId(op.currency),
          amount: 999,
          description: 'replay',
          idempotencyKey: op.key,
          now,
        }),
      );
      return result.replayed ? 'replayed' : 'written';
    }
    const movement = {
      userId,
      programId: programId(op.currency),
      amount: op.amount,
      description: op.kind,
      idempotencyKey: `${op.key}:${op.currency}`,
      now,
    };
    if (op.kind === 'earn') {
      await db.transaction((tx) => credit(tx, { ...movement, kind: 'earn', expiresAt: new Date(now.getTime() + op.expiresInDays * DAY) }));
      return 'ok';
    }
    try {
      if (op.kind === 'redeem') {
        const member = { id: userId, email: '', nickname: '', associationId, emailVerified: true };
        await redeem(db, member, giftIds.get(`${op.currency}:${op.amount}`)!, op.key, now);
      } else {
        await db.transaction((tx) => debit(tx, { ...movement, kind: 'revoke' }));
      }
      return 'ok';
    } catch (error) {
      if (error instanceof InsufficientBalanceError || (error as { code?: string }).code === 'insufficient_balance') return 'insufficient';
      throw error;
    }
  }

  /** Applies the op to the model; returns what the database must have answered. */
  function expected_(model: ModelMember, userId: string, op: Op, now: number): string {
    if (op.kind === 'expire') return `expired ${model.expire(now)}`;
    if (op.kind === 'replay') return 'replayed';
    // A redemption's ledger key is redeem:<member>:<Idempotency-Key> (gifts.ts).
    const key = { key: op.kind === 'redeem' ? `redeem:${userId}:${op.key}` : `${op.key}:${op.currency}`, currency: op.currency };
    if (op.kind === 'earn') {
      if (op.currency === 'coin') model.coins += op.amount;
      else model.lots.push({ remaining: op.amount, expiresAt: now + op.expiresInDays * DAY });
      model.keys.push(key);
      return 'ok';
    }
    const ok = op.currency === 'coin' ? model.coins >= op.amount : model.spendPoints(op.amount, now);
    if (ok && op.currency === 'coin') model.coins -= op.amount;
    if (ok) model.keys.push(key);
    return ok ? 'ok' : 'insufficient';
  }

  const mismatches: string[] = [];
  while (done < options.operations && mismatches.length === 0) {
    batch += 1;
    clock += DAY / 2;
    const now = new Date(clock);
    // A batch: `parallel` distinct members, each with 1–6 operations in order.
    const chosen = new Set<number>();
    while (chosen.size < parallel) chosen.add(pick(memberCount));
    const plans = [...chosen].map((index) => {
      const member = members[index]!;
      const ops = Array.from({ length: 1 + pick(6) }, () => randomOp(member.model));
      return { member, ops };
    });
    const results = await Promise.all(
      plans.map(async ({ member, ops }) => {
        const answers: string[] = [];
        for (const op of ops) answers.push(await run(member.id, op, now));
        return answers;
      }),
    );
    plans.forEach(({ member, ops }, index) => {
      ops.forEach((op, at) => {
        const expected = expected_(member.model, member.id, op, clock);
        const actual = results[index]![at]!;
        counts[`${op.kind}:${actual.split(' ')[0]}`] = (counts[`${op.kind}:${actual.split(' ')[0]}`] ?? 0) + 1;
        if (actual !== expected) mismatches.push(`batch ${batch} member ${member.id} ${JSON.stringify(op)}: ${actual}, model ${expected}`);
      });
      done += ops.length;
    });
    // The touched members' balances, as cached and as summed from the entries.
    const ids = plans.map(({ member }) => member.id);
    const balances = rowsOf<{ user_id: string; program_id: string | null; balance: string; entries: string }>(
      await db.execute(sql`
          select a.user_id, a.program_id, a.balance, (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id) as entries
          from ledger_accounts a where a.user_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
    );
    for (const { member } of plans) {
      const coin = balances.find((row) => row.user_id === member.id && row.program_id === null);
      const point = balances.find((row) => row.user_id === member.id && row.program_id === pointId);
      const actual = [Number(coin?.balance ?? 0), Number(coin?.entries ?? 0), Number(point?.balance ?? 0), Number(point?.entries ?? 0)];
      const modelPoints = member.model.points();
      const expected = [member.model.coins, member.model.coins, modelPoints, modelPoints];
      if (actual.join() !== expected.join()) mismatches.push(`batch ${batch} member ${member.id}: balances ${actual}, model ${expected}`);
    }
    if (batch % 25 === 0 || done >= options.operations) {
      const [whole] = rowsOf<{ total: string; negative: string; drift: string }>(
        await db.execute(sql`
            select (select coalesce(sum(amount), 0) from ledger_entries) as total,
                   (select count(*) from ledger_accounts where balance < 0) as negative,
                   (select count(*) from ledger_accounts a where a.kind = 'member'
                      and a.balance <> (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id)) as drift`),
      );
      if (Number(whole!.total) !== 0 || Number(whole!.negative) !== 0 || Number(whole!.drift) !== 0) {
        mismatches.push(`batch ${batch}: sum ${whole!.total}, negative ${whole!.negative}, drift ${whole!.drift}`);
      }
    }
  }
  return { operations: done, batches: batch, counts, mismatches, clock, seconds: (performance.now() - started) / 1000 };
}
