// Gifts: the catalogue, redemption (a debit and one unit of stock in one transaction), the
// member's gifts with their codes, and the coin gift challenge.
import { randomInt } from 'node:crypto';
import type { Gift, GiftImage, UserGift } from '@sukoyaka/contract';
import {
  DELIVERY_ADDRESS_REQUIRED_MESSAGE,
  GIFT_CHALLENGE_UNAVAILABLE_MESSAGE,
  GIFT_OUT_OF_STOCK_MESSAGE,
  INSUFFICIENT_BALANCE_MESSAGE,
  IncentiveErrorCodes,
} from '@sukoyaka/contract';
import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor, type Transaction } from '../db/client';
import { preparedPerDatabase } from '../db/prepared-statements';
import { giftChallengeDraws, giftCodes, gifts, ledgerTransfers, pointPrograms, userGifts } from '../db/schema';
import { decryptString, encrypt, keyringFromEnv, type Keyring } from '../platform/crypto';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import type { MailFiller } from '../platform/outbox';
import { HttpError, notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';
import { fillAnswersOf, NeedsKeyTransaction, type OwnKey } from '../platform/idempotency';
import { sha256 } from '../lib/tokens';
import { giftImageOf, giftImagesOf, toGiftImage } from './gift-images';
import { InsufficientBalanceError, credit, debit, spendCoins, spendableBalance, type CoinPurchase, type CoinSpend } from './ledger';
import { assertAgreed, type Program } from './programs';
import {
  GIFT_CODE_FILLER,
  giftCodeMailWrite,
  mailGiftCode,
  mailOrderPlaced,
  newGiftOrder,
  ordersOf,
  placeOrder,
  toGiftOrder,
} from './delivery';
import { newRowId } from '../lib/row-ids';

let keyring: Keyring | undefined;
const ring = () => (keyring ??= keyringFromEnv());
const codeContext = (giftId: string, codeHash: string) => `gift_codes.code_sealed:${giftId}:${codeHash}`;
/** A gift code as stored (sealed, under its gift and hash), opened. */
const openCode = (giftId: string, codeHash: string, codeSealed: string) => decryptString(ring(), codeSealed, codeContext(giftId, codeHash));

export const giftNotFound = () => notFound('ギフトが見つかりませんでした。');
export const outOfStock = () => new HttpError(409, IncentiveErrorCodes.giftOutOfStock, GIFT_OUT_OF_STOCK_MESSAGE);
export const insufficientBalance = () => new HttpError(409, IncentiveErrorCodes.insufficientBalance, INSUFFICIENT_BALANCE_MESSAGE);
const addressRequired = () => new HttpError(409, IncentiveErrorCodes.deliveryAddressRequired, DELIVERY_ADDRESS_REQUIRED_MESSAGE);

/** Where the gift mails link to; null: no mail (the demo's seeded redemption). */
export interface GiftMailing {
  publicUrl: string;
}

/** The gift challenge's rules (README "Incentives"): 100 coins a draw, 10% to win. */
export const GIFT_CHALLENGE = { cost: 100, oddsBasisPoints: 1000 } as const;

type GiftRow = typeof gifts.$inferSelect;

/** A gift handed out starts as issued (a code) or preparing (a delivery, until it ships). */
const firstDeliveryState = (gift: GiftRow) => (gift.kind === 'digital_code' ? ('issued' as const) : ('preparing' as const));

/** How many are left: free codes for a digital gift, the counter (or unlimited) for a delivery. */
async function stockOf(db: Executor, gift: GiftRow): Promise<number | null> {
  if (gift.kind === 'delivery') return gift.stock;
  const [row] = await db
    .select({ free: sql<string>`count(*)` })
    .from(giftCodes)
    .where(and(eq(giftCodes.giftId, gift.id), isNull(giftCodes.userGiftId)));
  return Number(row?.free ?? 0);
}

async function toGift(db: Executor, gift: GiftRow, images: Map<string, GiftImage>): Promise<Gift> {
  const stock = await stockOf(db, gift);
  return {
    id: gift.id,
    name: gift.name,
    description: gift.description,
    cost: gift.cost,
    kind: gift.kind,
    stock,
    inStock: stock === null || stock > 0,
    image: images.get(gift.id) ?? null,
  };
}

export async function listGifts(db: Executor, program: Program): Promise<Gift[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.programId, program.id), eq(gifts.active, true), eq(gifts.challengePrize, false)))
    .orderBy(asc(gifts.position), asc(gifts.cost), asc(gifts.id));
  const images = await giftImagesOf(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(rows.map((row) => toGift(db, row, images)));
}

/**
 * The gift, its program and its picture: the read that opens every redemption, built once per
 * database (Drizzle writing its 30-odd columns afresh was about a sixth of a redemption's CPU in
 * the bff, issue 28).
 */
const redeemableGiftStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ gift: getTableColumns(gifts), program: getTableColumns(pointPrograms), image: giftImageOf(gifts.id) })
    .from(gifts)
    .leftJoin(pointPrograms, eq(pointPrograms.id, gifts.programId))
    .where(and(eq(gifts.id, sql.placeholder('giftId')), eq(gifts.active, true), eq(gifts.challengePrize, false)))
    .prepare('redeemable_gift'),
);

interface RedeemableGift {
  gift: GiftRow;
  program: Program | null;
  image: GiftImage | null;
}

/**
 * A gift the member may redeem: their association's program's, or a coin gift; else 404. Read in
 * one statement with its program and its picture (issue 28: a redemption's round trips). A coin
 * gift code read is kept for the next redemptions (coinCodeGifts).
 */
async function redeemableGift(db: Database, member: Member, giftId: string): Promise<RedeemableGift> {
  const [row] = await redeemableGiftStatement(db).execute({ giftId });
  if (!row) throw giftNotFound();
  const { gift, program } = row;
  const image = row.image ? toGiftImage(row.image) : null;
  if (gift.programId === null) {
    if (gift.kind === 'digital_code') keepCoinCodeGift({ gift, program: null, image });
    return { gift, program: null, image };
  }
  if (!program || program.associationId !== member.associationId) throw giftNotFound();
  return { gift, program, image };
}

/**
 * Coin gift codes as last read: a redemption of one starts from memory instead of a read (issue
 * 28: a redemption's round trips; about a sixth more redemptions a second). What the spend relies
 * on is checked in its statement (stillAsRead), so a gift changed since spends nothing and is read
 * again; only the answer's picture may be up to a minute old. One map for the process, not one per
 * database: redeemGift runs in the transaction of its Idempotency-Key (platform/routes.ts), a new
 * executor every call, and a gift read from another database (the tests' several) fails that check.
 */
const coinCodeGifts = new Map<string, { read: RedeemableGift; until: number }>();
const COIN_CODE_GIFT_KEPT_MS = 60_000;
/** A bound on the memory: the catalogue holds a few dozen coin gifts. */
const COIN_CODE_GIFTS_KEPT = 1_000;

function keepCoinCodeGift(read: RedeemableGift): void {
  if (coinCodeGifts.size >= COIN_CODE_GIFTS_KEPT) coinCodeGifts.clear();
  coinCodeGifts.set(read.gift.id, { read, until: performance.now() + COIN_CODE_GIFT_KEPT_MS });
}

function keptCoinCodeGift(giftId: string): RedeemableGift | null {
  const kept = coinCodeGifts.get(giftId);
  return kept && kept.until > performance.now() ? kept.read : null;
}

/** The gift's row still says what the spend was built from (it is not withdrawn, its price and name unchanged). */
const stillAsRead = (gift: GiftRow) =>
  sql`exists (select from ${gifts} where id = ${gift.id} and active and not challenge_prize and cost = ${gift.cost}
    and name = ${gift.name} and description = ${gift.description})`;

/** A gift handed out: to a member's redemption (its transfer) or a won challenge (no transfer of its own). */
interface HandedOut {
  id: string;
  userId: string;
  source: 'redemption' | 'challenge';
  now: Date;
}

/**
 * One unit of the gift as the purchase of a coin spend (ledger's spendCoins), or of a hand-out on
 * its own (handOut): `take` locks a free code of a digital gift, or a physical gift's counted
 * stock when one is left (nothing for unlimited stock), and `give` writes the user gift with the
 * spend's transfer, and marks the code as handed out or counts the unit off the stock.
 */
function purchaseOf(gift: GiftRow, userGift: HandedOut, codeMail: SQL | null = null): CoinPurchase {
  const insert = sql`insert into ${userGifts} (id, user_id, gift_id, transfer_id, source, delivery_state, created_at)
    select ${userGift.id}::uuid, ${userGift.userId}::uuid, ${gift.id}::uuid, transfer.id, ${userGift.source}, ${firstDeliveryState(gift)},
      ${userGift.now.toISOString()}::timestamptz from transfer`;
  if (gift.kind === 'digital_code')
    return {
      // SKIP LOCKED: concurrent redemptions each take a different free code instead of queueing.
      take: sql`select id, code_hash, code_sealed from ${giftCodes}
        where gift_id = ${gift.id} and user_gift_id is null and exists (select from funded)
        order by created_at, id limit 1 for update skip locked`,
      give: sql`handed as (${insert} returning id),
        coded as (update ${giftCodes} set user_gift_id = handed.id from handed, taken where ${giftCodes}.id = taken.id)
        ${codeMail ? sql`, mailed as (${codeMail})` : sql``}`,
    };
  if (gift.stock === null) return { take: sql`select true as unlimited from funded`, give: sql`handed as (${insert})` };
  // NO KEY UPDATE, as the stock's update takes: the user gifts' foreign key checks on the gift
  // (KEY SHARE) of other redemptions do not wait for this one.
  return {
    take: sql`select id from ${gifts} where id = ${gift.id} and stock > 0 and exists (select from funded) for no key update`,
    give: sql`handed as (${insert}),
      stocked as (update ${gifts} set stock = stock - 1 where id = ${gift.id} and exists (select from transfer))`,
  };
}

/**
 * Fills a gift code's mail written with its redemption (giftCodeMailWrite): the code the user gift
 * took, read when the mail is sent; null when it is gone (the member's records were deleted).
 */
export const fillGiftCode: MailFiller = async (db, userGiftId) => {
  if (!UUID.test(userGiftId)) return null;
  const [row] = await db
    .select({ giftId: giftCodes.giftId, codeHash: giftCodes.codeHash, codeSealed: giftCodes.codeSealed })
    .from(giftCodes)
    .where(eq(giftCodes.userGiftId, userGiftId));
  return row ? { [GIFT_CODE_FILLER]: openCode(row.giftId, row.codeHash, row.codeSealed) } : null;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a purchase took: a digital gift's code, as stored. */
type Taken = { code_hash?: string; code_sealed?: string };

/** The code a purchase took, opened (null: not a digital gift). */
const codeTaken = (gift: GiftRow, taken: Taken) =>
  taken.code_hash && taken.code_sealed ? openCode(gift.id, taken.code_hash, taken.code_sealed) : null;

/**
 * Hands one unit of the gift out to the member, in the caller's transaction and in one statement,
 * after a movement of its own (a points redemption's debit, a challenge's draw): the user gift is
 * written only if a unit was taken. Answers false, having written nothing, when none is left.
 */
async function handOut(
  tx: Transaction,
  gift: GiftRow,
  userGift: HandedOut & { transferId: string | null },
): Promise<false | { code: string | null }> {
  const { take, give } = purchaseOf(gift, userGift);
  const [row] = rowsOf<{ taken: Taken | null }>(
    await tx.execute(sql`
      with funded as (select), taken as materialized (${take}),
      transfer as (select ${userGift.transferId}::uuid as id where exists (select from taken)),
      ${give}
      select (select to_jsonb(taken) from taken) as taken`),
  );
  return row?.taken ? { code: codeTaken(gift, row.taken) } : false;
}

/**
 * What follows a gift handed out, in its transaction: a physical gift becomes an order (with the
 * member's address; a prize won without one waits for it); the member is mailed the code or the
 * order's receipt.
 */
async function deliver(
  tx: Transaction,
  member: Member,
  handed: { userGiftId: string; gift: GiftRow; associationId: string | null; code: string | null },
  mailing: GiftMailing | null,
  now: Date,
  options: { addressRequired?: boolean } = {},
): Promise<Awaited<ReturnType<typeof placeOrder>> | null> {
  const to = { email: member.email, nickname: member.nickname };
  if (handed.gift.kind === 'delivery') {
    const order = await placeOrder(tx, { userGiftId: handed.userGiftId, userId: member.id, associationId: handed.associationId, now });
    // A redeemed gift goes to the saved address: without one, the whole redemption is undone.
    if (!order.address && options.addressRequired) throw addressRequired();
    if (mailing) await mailOrderPlaced(tx, to, { giftName: handed.gift.name, ...order }, mailing.publicUrl, now);
    return order;
  }
  if (mailing && handed.code) await mailGiftCode(tx, to, { name: handed.gift.name, code: handed.code }, mailing.publicUrl, now);
  return null;
}

async function userGiftById(db: Executor, userId: string, id: string): Promise<UserGift | null> {
  const rows = await userGiftRows(db, and(eq(userGifts.userId, userId), eq(userGifts.id, id))!, 1);
  return (await toUserGifts(db, rows))[0] ?? null;
}

/** Every gift the member received, hidden ones too, codes opened (the download of their records). */
export async function allUserGifts(db: Executor, userId: string): Promise<UserGift[]> {
  return toUserGifts(db, await userGiftRows(db, eq(userGifts.userId, userId), null));
}

function userGiftRows(db: Executor, where: ReturnType<typeof and>, limit: number | null) {
  const query = db
    .select({
      id: userGifts.id,
      giftId: userGifts.giftId,
      name: gifts.name,
      description: gifts.description,
      kind: gifts.kind,
      source: userGifts.source,
      deliveryState: userGifts.deliveryState,
      usedAt: userGifts.usedAt,
      createdAt: userGifts.createdAt,
      codeHash: giftCodes.codeHash,
      codeSealed: giftCodes.codeSealed,
    })
    .from(userGifts)
    .innerJoin(gifts, eq(gifts.id, userGifts.giftId))
    .leftJoin(giftCodes, eq(giftCodes.userGiftId, userGifts.id))
    .where(where)
    .orderBy(desc(userGifts.createdAt), desc(userGifts.id))
    .$dynamic();
  return limit === null ? query : query.limit(limit);
}

type UserGiftRow = Awaited<ReturnType<typeof userGiftRows>>[number];

/** The rows as the member reads them: each with its gift's picture, each physical gift with its order (one query each for the page). */
async function toUserGifts(db: Executor, rows: UserGiftRow[]): Promise<UserGift[]> {
  const images = await giftImagesOf(
    db,
    rows.map((row) => row.giftId),
  );
  const orders = await ordersOf(
    db,
    rows.filter((row) => row.kind === 'delivery').map((row) => row.id),
  );
  return rows.map((row) => {
    const order = orders.get(row.id);
    return { ...toUserGift(row, sealedCodeOf(row), images.get(row.giftId) ?? null), order: order ? toGiftOrder(order) : null };
  });
}

/** The code a digital gift's row carries, opened (null: no code). */
const sealedCodeOf = (row: UserGiftRow) => (row.codeSealed && row.codeHash ? openCode(row.giftId, row.codeHash, row.codeSealed) : null);

/** A user gift as the member reads it, from its row (or what a redemption just wrote) and its code. */
function toUserGift(
  row: Omit<UserGiftRow, 'codeHash' | 'codeSealed'>,
  code: string | null,
  image: GiftImage | null,
): Omit<UserGift, 'order'> {
  return {
    id: row.id,
    giftId: row.giftId,
    name: row.name,
    description: row.description,
    kind: row.kind,
    source: row.source,
    deliveryState: row.deliveryState,
    code,
    usedAt: row.usedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    image,
  };
}

/**
 * A redemption's payment and the unit it buys, in the caller's transaction: coins in one
 * statement (spendCoins), points by their debit (lots expire and are used first) and then the
 * hand-out. Throws 409 when the balance is short or none is left, having written nothing.
 */
async function payFor(
  tx: Transaction,
  member: Member,
  gift: GiftRow,
  userGift: HandedOut,
  idempotencyKey: string,
): Promise<{ replayed: true; transferId: string } | { replayed: false; code: string | null; balance: number }> {
  const movement = redemptionOf(member, gift, idempotencyKey, userGift.now);
  try {
    if (movement.programId === null) {
      const spent = await spendCoins<Taken>(tx, movement, purchaseOf(gift, userGift));
      // No `still` was given: a spend is never stale here.
      if (spent.outcome === 'nothing-taken' || spent.outcome === 'stale') throw outOfStock();
      if (spent.outcome === 'replayed') return { replayed: true, transferId: spent.transferId };
      return { replayed: false, code: codeTaken(gift, spent.taken), balance: spent.balance };
    }
    const debited = await debit(tx, movement);
    if (debited.replayed) return { replayed: true, transferId: debited.transferId };
    const taken = await handOut(tx, gift, { ...userGift, transferId: debited.transferId });
    if (!taken) throw outOfStock();
    return { replayed: false, code: taken.code, balance: debited.balance };
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw insufficientBalance();
    throw error;
  }
}

/**
 * Redeems a gift: the debit, one unit of stock and the user gift in one transaction, so a gift out
 * of stock or a short balance charges nothing. The ledger key is the member's Idempotency-Key: the
 * same key again answers the first redemption (even from another process).
 */
export async function redeem(
  db: Database,
  member: Member,
  giftId: string,
  idempotencyKey: string,
  now: Date,
  mailing: GiftMailing | null = null,
  ownKey: OwnKey | null = null,
): Promise<{ userGift: UserGift; balance: number }> {
  const request: RedemptionRequest = { member, idempotencyKey, now, mailing, ownKey };
  const kept = keptCoinCodeGift(giftId);
  if (kept) {
    const redeemed = await redeemCoinCode(db, request, kept);
    if (redeemed !== 'stale') return redeemed;
    coinCodeGifts.delete(giftId);
  }
  const read = await redeemableGift(db, member, giftId);
  if (read.gift.programId === null && read.gift.kind === 'digital_code') {
    const redeemed = await redeemCoinCode(db, request, read);
    if (redeemed !== 'stale') return redeemed;
    // Changed again between its read and the spend: the transaction below spends on what it read.
  }
  // Nothing written yet: redeemGift's route runs it again in the Idempotency-Key's transaction.
  if (ownKey) throw new NeedsKeyTransaction();
  return redeemInTransaction(db, request, read);
}

/** Who redeems, under which Idempotency-Key, when, and where the gift mails link to. */
interface RedemptionRequest {
  member: Member;
  idempotencyKey: string;
  now: Date;
  mailing: GiftMailing | null;
  /** redeemGift's Idempotency-Key, to write in the redemption's statement (decision 0043). */
  ownKey: OwnKey | null;
}

const handedOutBy = (member: Member, now: Date): HandedOut => ({ id: newRowId(), userId: member.id, source: 'redemption', now });

/** A redemption's ledger movement: the member's Idempotency-Key, within the member's keys. */
const redemptionOf = (member: Member, gift: GiftRow, idempotencyKey: string, now: Date) => ({
  kind: 'redeem' as const,
  userId: member.id,
  programId: gift.programId,
  amount: gift.cost,
  description: `${gift.name}と交換`,
  reference: `gift:${gift.id}`,
  idempotencyKey: `redeem:${member.id}:${idempotencyKey}`,
  now,
});

/**
 * A coin gift code's redemption in one statement and no transaction around it (spendCoins): the
 * spend, the code and its mail, whose code the worker fills in when it sends it (issue 28: a
 * redemption's round trips). 'stale': the gift changed since it was read, nothing was written.
 */
async function redeemCoinCode(
  db: Database,
  { member, idempotencyKey, now, mailing, ownKey }: RedemptionRequest,
  read: RedeemableGift,
): Promise<{ userGift: UserGift; balance: number } | 'stale'> {
  const { gift } = read;
  const userGift = handedOutBy(member, now);
  const codeMail = mailing
    ? giftCodeMailWrite(
        { email: member.email, nickname: member.nickname },
        { name: gift.name, userGiftId: userGift.id },
        mailing.publicUrl,
        now,
        sql`from handed`,
      )
    : null;
  const purchase = purchaseOf(gift, userGift, codeMail);
  // The Idempotency-Key's row with the user gift, naming it: a replay rebuilds the answer from it.
  const give = ownKey
    ? sql`${purchase.give}, keyed as (${ownKey.row(`${COIN_REDEMPTION_ANSWER}:${userGift.id}`, sql`exists (select from handed)`)})`
    : purchase.give;
  let spent: CoinSpend<Taken>;
  try {
    spent = await spendCoins<Taken>(db, redemptionOf(member, gift, idempotencyKey, now), { ...purchase, give, still: stillAsRead(gift) });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw insufficientBalance();
    throw error;
  }
  if (spent.outcome === 'stale') return 'stale';
  if (spent.outcome === 'nothing-taken') throw outOfStock();
  if (spent.outcome === 'replayed') {
    // The ledger's key was used: the route's transaction answers what the Idempotency-Key recorded.
    if (ownKey) throw new NeedsKeyTransaction();
    return replayedRedemption(db, member, gift, spent.transferId, now);
  }
  return redemptionAnswer(read, { userGiftId: userGift.id, code: codeTaken(gift, spent.taken), order: null, balance: spent.balance }, now);
}

/** What a coin redemption's Idempotency-Key names when the redemption wrote it: the user gift. */
const COIN_REDEMPTION_ANSWER = 'coin-redemption';

// A replay of it: the user gift with its code, and the coins now (as a replay through the ledger answers).
fillAnswersOf(COIN_REDEMPTION_ANSWER, async (db, userId, userGiftId, now) => {
  const userGift = UUID.test(userGiftId) ? await userGiftById(db, userId, userGiftId) : null;
  if (!userGift) throw new Error('the redemption the Idempotency-Key names is gone');
  return { userGift, balance: await spendableBalance(db, userId, null, now) };
});

/** Any other redemption: the payment, the unit and its delivery in one transaction. */
async function redeemInTransaction(
  db: Database,
  { member, idempotencyKey, now, mailing }: RedemptionRequest,
  read: RedeemableGift,
): Promise<{ userGift: UserGift; balance: number }> {
  const { gift, program } = read;
  if (program) await assertAgreed(db, member.id, program);
  const redeemed = await db.transaction(async (tx) => {
    const userGift = handedOutBy(member, now);
    const paid = await payFor(tx, member, gift, userGift, idempotencyKey);
    if (paid.replayed) return { replayed: true, transferId: paid.transferId } as const;
    const order = await deliver(
      tx,
      member,
      { userGiftId: userGift.id, gift, associationId: program?.associationId ?? member.associationId, code: paid.code },
      mailing,
      now,
      { addressRequired: true },
    );
    return { replayed: false, userGiftId: userGift.id, code: paid.code, order, balance: paid.balance } as const;
  });
  if (redeemed.replayed) return replayedRedemption(db, member, gift, redeemed.transferId, now);
  return redemptionAnswer(read, redeemed, now);
}

/** The same key again: the first redemption's user gift, and the balance now. */
async function replayedRedemption(db: Database, member: Member, gift: GiftRow, transferId: string, now: Date) {
  const [existing] = await db.select({ id: userGifts.id }).from(userGifts).where(eq(userGifts.transferId, transferId));
  return {
    userGift: (await userGiftById(db, member.id, existing!.id))!,
    balance: await spendableBalance(db, member.id, gift.programId, now),
  };
}

/**
 * The answer from what the redemption wrote, not read back: the balance is the one after the
 * debit (which expired any due points first), as the member's lock saw it.
 */
function redemptionAnswer(
  { gift, image }: RedeemableGift,
  redeemed: { userGiftId: string; code: string | null; order: Awaited<ReturnType<typeof deliver>>; balance: number },
  now: Date,
): { userGift: UserGift; balance: number } {
  const written = { id: redeemed.userGiftId, giftId: gift.id, name: gift.name, description: gift.description, kind: gift.kind };
  const userGift: UserGift = {
    ...toUserGift(
      { ...written, source: 'redemption', deliveryState: firstDeliveryState(gift), usedAt: null, createdAt: now },
      redeemed.code,
      image,
    ),
    order: redeemed.order && newGiftOrder(redeemed.order),
  };
  return { userGift, balance: redeemed.balance };
}

export async function listUserGifts(db: Executor, userId: string, input: { cursor?: string | undefined; limit: number }) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await userGiftRows(
    db,
    and(
      eq(userGifts.userId, userId),
      isNull(userGifts.hiddenAt),
      after ? keysetBefore(userGifts.createdAt, userGifts.id, after) : undefined,
    ),
    input.limit + 1,
  );
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { userGifts: await toUserGifts(db, page.rows), nextCursor: page.nextCursor };
}

/** Marks used and/or hides; another member's gift is 404 and unchanged. */
export async function patchUserGift(
  db: Executor,
  userId: string,
  input: { id: string; used?: true | undefined; hidden?: true | undefined },
  now: Date,
) {
  const [row] = await db
    .update(userGifts)
    .set({
      ...(input.used ? { usedAt: sql`coalesce(${userGifts.usedAt}, ${now.toISOString()}::timestamptz)` } : {}),
      ...(input.hidden ? { hiddenAt: sql`coalesce(${userGifts.hiddenAt}, ${now.toISOString()}::timestamptz)` } : {}),
    })
    .where(and(eq(userGifts.id, input.id), eq(userGifts.userId, userId)))
    .returning({ id: userGifts.id });
  if (!row) throw giftNotFound();
  return (await userGiftById(db, userId, row.id))!;
}

/** Redemptions and draws of the member, newest first. */
export async function listGiftActions(db: Executor, userId: string, input: { cursor?: string | undefined; limit: number }) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      programId: ledgerTransfers.programId,
      amount: ledgerTransfers.amount,
      createdAt: ledgerTransfers.createdAt,
      redeemedName: sql<
        string | null
      >`(select g.name from user_gifts ug join gifts g on g.id = ug.gift_id where ug.transfer_id = ledger_transfers.id)`,
      prizeName: sql<
        string | null
      >`(select g.name from gift_challenge_draws d join user_gifts ug on ug.id = d.user_gift_id join gifts g on g.id = ug.gift_id where d.transfer_id = ledger_transfers.id)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.userId, userId),
        // Written out, not as parameters: ledger_transfers_user_gift_actions_idx's condition must be provable.
        sql`${ledgerTransfers.kind} in ('redeem', 'challenge')`,
        after ? keysetBefore(ledgerTransfers.createdAt, ledgerTransfers.id, after) : undefined,
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return {
    actions: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind === 'redeem' ? ('redeemed' as const) : row.prizeName ? ('challenge_won' as const) : ('challenge_lost' as const),
      currency: row.programId === null ? ('coin' as const) : ('point' as const),
      amount: -Number(row.amount),
      giftName: row.kind === 'redeem' ? row.redeemedName : row.prizeName,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

// ---- the gift challenge -----------------------------------------------------------------------

async function prizesInStock(db: Executor): Promise<GiftRow[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(and(isNull(gifts.programId), eq(gifts.challengePrize, true), eq(gifts.active, true)))
    .orderBy(asc(gifts.position), asc(gifts.id));
  const withStock = await Promise.all(rows.map(async (row) => ({ row, stock: await stockOf(db, row) })));
  return withStock.filter(({ stock }) => stock === null || stock > 0).map(({ row }) => row);
}

export async function giftChallengeInfo(db: Executor, userId: string, now: Date) {
  const prizes = await prizesInStock(db);
  const balance = await spendableBalance(db, userId, null, now);
  const images = await giftImagesOf(
    db,
    prizes.map((prize) => prize.id),
  );
  return {
    cost: GIFT_CHALLENGE.cost,
    oddsBasisPoints: GIFT_CHALLENGE.oddsBasisPoints,
    oddsLabel: `${GIFT_CHALLENGE.oddsBasisPoints / 100}%`,
    prizes: prizes.map((prize) => ({
      id: prize.id,
      name: prize.name,
      description: prize.description,
      image: images.get(prize.id) ?? null,
    })),
    balance,
    available: prizes.length > 0 && balance >= GIFT_CHALLENGE.cost,
  };
}

/**
 * One draw: the cost is debited, the roll is `crypto.randomInt(10000)` and wins below the odds;
 * a win takes one prize in stock (chosen uniformly). With no prize in stock nobody may draw (409,
 * nothing charged), so a winning roll never finds the shelf empty unless a concurrent draw emptied
 * it: then the draw counts as lost and its coins are returned in the same transaction.
 */
export async function drawGiftChallenge(
  db: Database,
  member: Member,
  idempotencyKey: string,
  now: Date,
  mailing: GiftMailing | null = null,
) {
  const unavailable = () => new HttpError(409, IncentiveErrorCodes.giftChallengeUnavailable, GIFT_CHALLENGE_UNAVAILABLE_MESSAGE);
  const prizes = await prizesInStock(db);
  if (prizes.length === 0) throw unavailable();
  const drawId = await db.transaction(async (tx) => {
    let movement;
    try {
      movement = await debit(tx, {
        kind: 'challenge',
        userId: member.id,
        programId: null,
        amount: GIFT_CHALLENGE.cost,
        description: 'ギフトチャレンジ',
        reference: 'gift_challenge',
        idempotencyKey: `challenge:${member.id}:${idempotencyKey}`,
        now,
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw insufficientBalance();
      throw error;
    }
    if (movement.replayed) {
      const [draw] = await tx
        .select({ id: giftChallengeDraws.id })
        .from(giftChallengeDraws)
        .where(eq(giftChallengeDraws.transferId, movement.transferId));
      return draw!.id;
    }
    const roll = randomInt(10000);
    let userGiftId: string | null = null;
    if (roll < GIFT_CHALLENGE.oddsBasisPoints) {
      const prize = prizes[randomInt(prizes.length)]!;
      const prizeId = newRowId();
      const taken = await handOut(tx, prize, { id: prizeId, userId: member.id, transferId: null, source: 'challenge', now });
      if (taken) {
        userGiftId = prizeId;
        // A coin prize is the service's: a physical one is shipped by the member's association.
        await deliver(tx, member, { userGiftId, gift: prize, associationId: member.associationId, code: taken.code }, mailing, now);
      } else {
        await credit(tx, {
          kind: 'prize',
          userId: member.id,
          programId: null,
          amount: GIFT_CHALLENGE.cost,
          description: 'ギフトチャレンジ（在庫切れのため返還）',
          reference: `refund:${movement.transferId}`,
          idempotencyKey: `challenge-refund:${movement.transferId}`,
          now,
        });
      }
    }
    const [draw] = await tx
      .insert(giftChallengeDraws)
      .values({
        userId: member.id,
        transferId: movement.transferId,
        roll,
        oddsBasisPoints: GIFT_CHALLENGE.oddsBasisPoints,
        userGiftId,
        createdAt: now,
      })
      .returning({ id: giftChallengeDraws.id });
    return draw!.id;
  });
  const [draw] = await db.select().from(giftChallengeDraws).where(eq(giftChallengeDraws.id, drawId));
  const userGift = draw!.userGiftId ? await userGiftById(db, member.id, draw!.userGiftId) : null;
  return { drawId, won: userGift !== null, userGift, balance: await spendableBalance(db, member.id, null, now) };
}

// ---- operator: gifts and code stock ---------------------------------------------------------

export async function addGift(
  db: Executor,
  gift: {
    programId: string | null;
    name: string;
    description?: string;
    cost: number;
    kind: 'digital_code' | 'delivery';
    stock?: number | null;
    challengePrize?: boolean;
    position?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(gifts)
    .values({
      programId: gift.programId,
      name: gift.name,
      description: gift.description ?? '',
      cost: gift.cost,
      kind: gift.kind,
      stock: gift.kind === 'delivery' ? (gift.stock ?? null) : null,
      challengePrize: gift.challengePrize ?? false,
      position: gift.position ?? 0,
    })
    .returning({ id: gifts.id });
  return row!.id;
}

/**
 * Imports digital codes from CSV (one code a line, an optional `code` header), all or nothing: an
 * empty or malformed line, a duplicate in the file or a code already imported refuses the whole
 * file with the line numbers. Codes are stored sealed, with their SHA-256 for the uniqueness check.
 */
export async function importGiftCodes(db: Database, giftId: string, csv: string): Promise<{ imported: number }> {
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, giftId));
  if (!gift) throw new Error('no such gift');
  if (gift.kind !== 'digital_code') throw new Error('only a digital gift takes codes');
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: string[] = [];
  const codes: Array<{ line: number; code: string }> = [];
  lines.forEach((raw, index) => {
    const text = raw.trim().replace(/^"(.*)"$/, '$1');
    if (text === '' && index === lines.length - 1) return;
    if (index === 0 && text.toLowerCase() === 'code') return;
    if (!/^[A-Za-z0-9-]{4,64}$/.test(text)) problems.push(`line ${index + 1}: not a code (4–64 letters, digits or -)`);
    else codes.push({ line: index + 1, code: text });
  });
  const seen = new Map<string, number>();
  for (const { line, code } of codes) {
    if (seen.has(code)) problems.push(`line ${line}: the same code as line ${seen.get(code)}`);
    seen.set(code, line);
  }
  if (codes.length === 0 && problems.length === 0) problems.push('the file has no codes');
  if (problems.length > 0) throw new Error(`nothing imported:\n${problems.join('\n')}`);
  return db.transaction(async (tx) => {
    const rows = codes.map(({ code }) => {
      const codeHash = sha256(code);
      return { giftId, codeHash, codeSealed: encrypt(ring(), code, codeContext(giftId, codeHash)) };
    });
    let imported = 0;
    for (let start = 0; start < rows.length; start += 500) {
      const inserted = await tx
        .insert(giftCodes)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing({ target: [giftCodes.giftId, giftCodes.codeHash] })
        .returning({ id: giftCodes.id });
      imported += inserted.length;
    }
    if (imported !== rows.length) throw new Error(`nothing imported: ${rows.length - imported} code(s) were imported before`);
    return { imported };
  });
}
