// The incentives area's operator calls (mf-admin): the same functions `npm run incentives -- …`
// uses (operator.ts, gifts.ts), for the association's point programs only. The route layer has
// checked the role in an input's `associationId`; a program or gift named by id is checked here
// against the operator's roles before anything of it is read or changed.
import {
  ErrorCodes,
  IncentiveErrorCodes,
  type CallOutput,
  type OperatorMenuInput,
  type OperatorPeriodInput,
  type ParsedInput,
} from '@sukoyaka/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { giftCodes, gifts, ledgerTransfers, pointMenus, pointPrograms, users } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import type { CallContext } from '../platform/handlers';
import { assertOperatorCan, auditOperator } from '../platform/operators';
import { giftImagesOf } from './gift-images';
import { addGift, importGiftCodes } from './gifts';
import { addMenus, createProgram, grantPoints, revokePoints, type MenuSpec } from './operator';

type Context = CallContext<'operator'>;

const programNotFound = () => notFound('ポイントが見つかりませんでした。');
const giftNotFound = () => notFound('ギフトが見つかりませんでした。');

const toMenuSpec = (menu: OperatorMenuInput): MenuSpec => ({
  kind: menu.kind,
  ...(menu.kind === 'vital_recorded' ? { vitalType: menu.vitalType } : {}),
  title: menu.title,
  points: menu.points,
  dailyLimit: menu.dailyLimit ?? null,
  totalLimit: menu.totalLimit ?? null,
});

/**
 * The program's association, checked against the operator's role there. Another association's
 * program answers 404 as one that does not exist, so ids of other associations tell nothing.
 */
export async function programFor(db: Executor, context: Context, programId: string, role: 'editor' | 'viewer') {
  const [program] = await db.select().from(pointPrograms).where(eq(pointPrograms.id, programId));
  if (!program) throw programNotFound();
  try {
    assertOperatorCan(context, program.associationId, role);
  } catch (error) {
    // A viewer of this association gets the honest 403; anyone else learns nothing of it.
    if (context.operator.roles.some((held) => held.associationId === program.associationId)) throw error;
    throw programNotFound();
  }
  return program;
}

export async function listOperatorPointPrograms(
  input: ParsedInput<'listOperatorPointPrograms'>,
  { db }: Context,
): Promise<CallOutput<'listOperatorPointPrograms'>> {
  const programs = await db
    .select()
    .from(pointPrograms)
    .where(eq(pointPrograms.associationId, input.associationId))
    .orderBy(asc(pointPrograms.createdAt), asc(pointPrograms.id));
  const ids = programs.map((program) => program.id);
  if (ids.length === 0) return { programs: [] };
  const menus = await db
    .select()
    .from(pointMenus)
    .where(inArray(pointMenus.programId, ids))
    .orderBy(asc(pointMenus.position), asc(pointMenus.createdAt));
  const giftRows = await db
    .select()
    .from(gifts)
    .where(and(inArray(gifts.programId, ids), eq(gifts.challengePrize, false)))
    .orderBy(asc(gifts.position), asc(gifts.createdAt));
  const free = giftRows.length
    ? await db
        .select({ giftId: giftCodes.giftId, n: count() })
        .from(giftCodes)
        .where(
          and(
            inArray(
              giftCodes.giftId,
              giftRows.map((gift) => gift.id),
            ),
            isNull(giftCodes.userGiftId),
          ),
        )
        .groupBy(giftCodes.giftId)
    : [];
  const freeOf = new Map(free.map((row) => [row.giftId, Number(row.n)]));
  const images = await giftImagesOf(
    db,
    giftRows.map((gift) => gift.id),
  );
  return {
    programs: programs.map((program) => ({
      id: program.id,
      name: program.name,
      description: program.description,
      expiryMonths: program.expiryMonths,
      requiresConsent: program.requiresConsent,
      menus: menus
        .filter((menu) => menu.programId === program.id)
        .map(({ id, kind, eventKind, title, points, dailyLimit, totalLimit }) => ({
          id,
          kind,
          eventKind,
          title,
          points,
          dailyLimit,
          totalLimit,
        })),
      gifts: giftRows
        .filter((gift) => gift.programId === program.id)
        .map((gift) => ({
          id: gift.id,
          name: gift.name,
          cost: gift.cost,
          kind: gift.kind,
          stock: gift.stock,
          codesAvailable: gift.kind === 'digital_code' ? (freeOf.get(gift.id) ?? 0) : null,
          image: images.get(gift.id) ?? null,
        })),
    })),
  };
}

export async function createOperatorPointProgram(
  input: ParsedInput<'createOperatorPointProgram'>,
  context: Context,
): Promise<CallOutput<'createOperatorPointProgram'>> {
  const { db, actor, operator, now } = context;
  return db.transaction(async (tx) => {
    const id = await createProgram(tx as unknown as Database, {
      associationId: input.associationId,
      name: input.name,
      description: input.description,
      expiryMonths: input.expiryMonths,
      requiresConsent: input.consentText.trim() !== '',
      consentText: input.consentText,
      menus: input.menus.map(toMenuSpec),
    });
    await auditOperator(tx, actor, 'point_program_created', operator.id, input.associationId, { programId: id, name: input.name }, now);
    return { id };
  });
}

export async function addOperatorPointMenus(
  input: ParsedInput<'addOperatorPointMenus'>,
  context: Context,
): Promise<CallOutput<'addOperatorPointMenus'>> {
  const { db, actor, operator, now } = context;
  return db.transaction(async (tx) => {
    const program = await programFor(tx, context, input.programId, 'editor');
    const ids = await addMenus(tx, program.id, input.menus.map(toMenuSpec));
    await auditOperator(
      tx,
      actor,
      'point_menus_added',
      operator.id,
      program.associationId,
      { programId: program.id, menus: ids.length },
      now,
    );
    return { ids };
  });
}

export async function addOperatorGift(input: ParsedInput<'addOperatorGift'>, context: Context): Promise<CallOutput<'addOperatorGift'>> {
  const { db, actor, operator, now } = context;
  return db.transaction(async (tx) => {
    const program = await programFor(tx, context, input.programId, 'editor');
    const id = await addGift(tx, {
      programId: program.id,
      name: input.name,
      description: input.description,
      cost: input.cost,
      kind: input.kind,
      stock: input.kind === 'delivery' ? input.stock : null,
    });
    await auditOperator(
      tx,
      actor,
      'gift_added',
      operator.id,
      program.associationId,
      { programId: program.id, giftId: id, name: input.name },
      now,
    );
    return { id };
  });
}

export async function importOperatorGiftCodes(
  input: ParsedInput<'importOperatorGiftCodes'>,
  context: Context,
): Promise<CallOutput<'importOperatorGiftCodes'>> {
  const { db, actor, operator, now } = context;
  const [gift] = await db
    .select({ id: gifts.id, kind: gifts.kind, programId: gifts.programId })
    .from(gifts)
    .where(eq(gifts.id, input.giftId));
  if (!gift?.programId) throw giftNotFound();
  let program;
  try {
    program = await programFor(db, context, gift.programId, 'editor');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw giftNotFound();
    throw error;
  }
  if (gift.kind !== 'digital_code') {
    throw new HttpError(400, ErrorCodes.invalidParameters, 'コードを取り込めるのはデジタルギフトだけです。', {
      giftId: ['コードを取り込めるのはデジタルギフトだけです。'],
    });
  }
  try {
    // importGiftCodes checks every line first and imports in one transaction, or nothing.
    const result = await importGiftCodes(db, gift.id, input.csv);
    await auditOperator(
      db,
      actor,
      'gift_codes_imported',
      operator.id,
      program.associationId,
      { giftId: gift.id, imported: result.imported },
      now,
    );
    return { ok: true, imported: result.imported };
  } catch (error) {
    const message = (error as Error).message;
    if (!message.startsWith('nothing imported') && message !== 'the file has no codes') throw error;
    return { ok: false, errors: japaneseCodeProblems(message) };
  }
}

/** importGiftCodes answers in English for the CLI; the page reads Japanese, line by line. */
function japaneseCodeProblems(message: string): string[] {
  return message
    .split('\n')
    .slice(1)
    .concat(message.includes('imported before') ? [message.split(': ')[1] ?? message] : [])
    .map((line) => {
      const notCode = /^line (\d+): not a code/.exec(line);
      if (notCode) return `${notCode[1]}行目: コードは英数字とハイフンで4〜64文字にしてください。`;
      const same = /^line (\d+): the same code as line (\d+)/.exec(line);
      if (same) return `${same[1]}行目: ${same[2]}行目と同じコードです。`;
      if (line === 'the file has no codes') return 'ファイルにコードがありません。';
      const before = /(\d+) code\(s\) were imported before/.exec(line);
      if (before) return `${before[1]}件のコードはすでに取り込まれています。何も取り込みませんでした。`;
      return line;
    })
    .filter((line, index, all) => line && all.indexOf(line) === index);
}

export async function adjustOperatorPoints(
  input: ParsedInput<'adjustOperatorPoints'>,
  context: Context,
): Promise<CallOutput<'adjustOperatorPoints'>> {
  const { db, actor, operator, now } = context;
  const program = await programFor(db, context, input.programId, 'editor');
  // Only a member of the program's association; anyone else is "not found", whoever they are.
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.memberEmail), eq(users.associationId, program.associationId)));
  if (!member) {
    throw new HttpError(404, ErrorCodes.notFound, 'この健康保険組合の会員に、そのメールアドレスの方はいません。', {
      memberEmail: ['この健康保険組合の会員に、そのメールアドレスの方はいません。'],
    });
  }
  const adjustment = {
    userId: member.id,
    programId: program.id,
    amount: input.amount,
    reason: input.reason,
    operator: operator.email,
    idempotencyKey: `${operator.id}:${actor.idempotencyKey ?? crypto.randomUUID()}`,
    now,
  };
  let result;
  try {
    result = input.direction === 'grant' ? await grantPoints(db, adjustment) : await revokePoints(db, adjustment);
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('the balance')) {
      throw new HttpError(409, IncentiveErrorCodes.insufficientBalance, '会員のポイント残高が足りないため、取り消せません。');
    }
    throw error;
  }
  if (!result.replayed) {
    await auditOperator(
      db,
      actor,
      input.direction === 'grant' ? 'points_granted' : 'points_revoked',
      operator.id,
      program.associationId,
      { programId: program.id, userId: member.id, amount: input.amount, reason: input.reason },
      now,
    );
  }
  return { balance: result.balance };
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Points of the association's programs granted (earned, granted, prizes) and redeemed per Japan day.
 * The programs first (a handful), then their transfers by program id on
 * ledger_transfers_program_points_idx, one range per program and period: a join with
 * point_programs let the planner scan every association's transfers of the period (issue 28).
 */
export async function pointStats(db: Executor, associationId: string, period: Pick<OperatorPeriodInput, 'from' | 'to'>) {
  const start = new Date(`${period.from}T00:00:00+09:00`).toISOString();
  const end = new Date(Date.parse(`${period.to}T00:00:00+09:00`) + DAY_MS).toISOString();
  const day = sql<string>`to_char(${ledgerTransfers.createdAt} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
  const direction = sql<string>`case when ${ledgerTransfers.kind} = 'redeem' then 'redeemed' else 'granted' end`;
  const programIds = (
    await db.select({ id: pointPrograms.id }).from(pointPrograms).where(eq(pointPrograms.associationId, associationId))
  ).map((program) => program.id);
  const rows = programIds.length
    ? await db
        .select({ day, direction, total: sql<number>`sum(${ledgerTransfers.amount})::bigint` })
        .from(ledgerTransfers)
        .where(
          and(
            inArray(ledgerTransfers.programId, programIds),
            inArray(ledgerTransfers.kind, ['earn', 'grant', 'prize', 'redeem']),
            sql`${ledgerTransfers.createdAt} >= ${start}::timestamptz and ${ledgerTransfers.createdAt} < ${end}::timestamptz`,
          ),
        )
        .groupBy(day, direction)
    : [];
  const series = (which: string) => {
    const found = new Map(rows.filter((row) => row.direction === which).map((row) => [row.day, Number(row.total)]));
    const out: Array<{ day: string; count: number }> = [];
    for (let at = period.from; at <= period.to; at = addDays(at, 1)) out.push({ day: at, count: found.get(at) ?? 0 });
    return out;
  };
  const granted = series('granted');
  const redeemed = series('redeemed');
  const sum = (list: typeof granted) => list.reduce((total, item) => total + item.count, 0);
  return { granted, redeemed, grantedTotal: sum(granted), redeemedTotal: sum(redeemed) };
}

export const incentiveOperatorHandlers = {
  listOperatorPointPrograms,
  createOperatorPointProgram,
  addOperatorPointMenus,
  addOperatorGift,
  importOperatorGiftCodes,
  adjustOperatorPoints,
  getOperatorPointStats: async (
    input: ParsedInput<'getOperatorPointStats'>,
    { db }: Context,
  ): Promise<CallOutput<'getOperatorPointStats'>> => pointStats(db, input.associationId, input),
};
