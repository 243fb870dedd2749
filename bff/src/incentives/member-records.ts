// The incentives area's part of a member's download and of their leaving (platform/member-records.ts).
// The ledger is the association's accounting and stays (anonymous with the member's emptied row,
// docs/decisions/0001-leaving-the-service.md); what the member still holds is forfeited as a
// revocation to the currency's adjustment account, so every invariant of reconcile.ts holds.
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client';
import {
  deliveryAddresses,
  earningMarks,
  giftChallengeDraws,
  giftOrders,
  gifts,
  ledgerAccounts,
  ledgerTransfers,
  pointAgreements,
  pointCampaignEntries,
  pointCampaigns,
  pointPrograms,
  prizeCompetitionEntries,
  prizeCompetitions,
  userGifts,
} from '../db/schema';
import { exportTimestamp as iso, type ExportTable, type MemberRecordsKeeper } from '../platform/member-records';
import { deliveryAddressOf } from './delivery';
import { allUserGifts } from './gifts';
import { debit, expireMember, lockMemberAccount } from './ledger';

const currency = (programName: string | null) => programName ?? 'コイン';

async function forfeitBalances(tx: Transaction, userId: string, now: Date): Promise<{ points: number; coins: number }> {
  const accounts = await tx
    .select({ id: ledgerAccounts.id, programId: ledgerAccounts.programId })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'member'), gt(ledgerAccounts.balance, 0)));
  const forfeited = { points: 0, coins: 0 };
  for (const account of accounts) {
    // Points already due expire as such first; what is left is forfeited by leaving.
    if (account.programId !== null) await expireMember(tx, userId, account.programId, now);
    const { balance } = await lockMemberAccount(tx, userId, account.programId);
    if (balance === 0) continue;
    await debit(tx, {
      kind: 'revoke',
      userId,
      programId: account.programId,
      amount: balance,
      description: account.programId === null ? '退会によるコインの失効' : '退会によるポイントの失効',
      reference: 'leave',
      idempotencyKey: `leave:${account.id}`,
      now,
    });
    if (account.programId === null) forfeited.coins += balance;
    else forfeited.points += balance;
  }
  return forfeited;
}

const COMPETITION_RESULT = { won: '当選', lost: '落選', not_qualified: '対象外（歩数が届かず）' } as const;

/** The member's consents, entries and draws, each on its user index (the campaigns' entries: see below). */
async function entriesOf(db: Executor, userId: string): Promise<ExportTable[]> {
  const agreements = await db
    .select({ program: pointPrograms.name, version: pointAgreements.version, agreedAt: pointAgreements.agreedAt })
    .from(pointAgreements)
    .innerJoin(pointPrograms, eq(pointPrograms.id, pointAgreements.programId))
    .where(eq(pointAgreements.userId, userId))
    .orderBy(asc(pointAgreements.agreedAt));
  // point_campaign_entries has no index of its own on the member (its unique key starts with the
  // campaign): a member's few entries cost a scan of the table, as the erase below does already.
  const campaigns = await db
    .select({ campaign: pointCampaigns.title, enteredAt: pointCampaignEntries.createdAt })
    .from(pointCampaignEntries)
    .innerJoin(pointCampaigns, eq(pointCampaigns.id, pointCampaignEntries.campaignId))
    .where(eq(pointCampaignEntries.userId, userId))
    .orderBy(asc(pointCampaignEntries.createdAt));
  const draws = await db
    .select({ drawnAt: giftChallengeDraws.createdAt, gift: gifts.name })
    .from(giftChallengeDraws)
    .leftJoin(userGifts, eq(userGifts.id, giftChallengeDraws.userGiftId))
    .leftJoin(gifts, eq(gifts.id, userGifts.giftId))
    .where(eq(giftChallengeDraws.userId, userId))
    .orderBy(desc(giftChallengeDraws.createdAt), desc(giftChallengeDraws.id));
  const competitions = await db
    .select({
      competition: prizeCompetitions.title,
      enteredAt: prizeCompetitionEntries.enteredAt,
      result: prizeCompetitionEntries.result,
      prize: prizeCompetitionEntries.prize,
    })
    .from(prizeCompetitionEntries)
    .innerJoin(prizeCompetitions, eq(prizeCompetitions.id, prizeCompetitionEntries.competitionId))
    .where(eq(prizeCompetitionEntries.userId, userId))
    .orderBy(asc(prizeCompetitionEntries.enteredAt));
  return [
    {
      kind: 'point_agreements',
      title: 'ポイントプログラムの規約への同意',
      columns: [
        ['program', 'ポイントプログラム'],
        ['version', '版'],
        ['agreedAt', '同意日時'],
      ],
      rows: agreements.map((row) => ({ ...row, agreedAt: iso(row.agreedAt) })),
    },
    {
      kind: 'point_campaign_entries',
      title: 'エントリーしたキャンペーン',
      columns: [
        ['campaign', 'キャンペーン'],
        ['enteredAt', 'エントリー日時'],
      ],
      rows: campaigns.map((row) => ({ ...row, enteredAt: iso(row.enteredAt) })),
    },
    {
      kind: 'gift_challenge_draws',
      title: 'ギフトチャレンジの抽選',
      columns: [
        ['drawnAt', '日時'],
        ['result', '結果'],
        ['gift', '当たったギフト'],
      ],
      rows: draws.map((row) => ({ drawnAt: iso(row.drawnAt), result: row.gift ? '当たり' : 'はずれ', gift: row.gift })),
    },
    {
      kind: 'prize_competition_entries',
      title: '応募した懸賞',
      columns: [
        ['competition', '懸賞'],
        ['enteredAt', '応募日時'],
        ['result', '結果'],
        ['prize', '賞品'],
      ],
      rows: competitions.map((row) => ({
        competition: row.competition,
        enteredAt: iso(row.enteredAt),
        result: row.result ? COMPETITION_RESULT[row.result] : '抽選前',
        prize: row.prize,
      })),
    },
  ];
}

export const incentivesMemberRecords: MemberRecordsKeeper = {
  area: 'incentives',

  async collect({ db, userId }) {
    const accounts = await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, program: pointPrograms.name })
      .from(ledgerAccounts)
      .leftJoin(pointPrograms, eq(pointPrograms.id, ledgerAccounts.programId))
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'member')));
    const accountIds = accounts.map((account) => account.id);
    // Every transfer that concerns the member, signed as they see it (+ received, − spent or forfeited).
    const transfers = accountIds.length
      ? await db
          .select({
            createdAt: ledgerTransfers.createdAt,
            kind: ledgerTransfers.kind,
            amount: ledgerTransfers.amount,
            description: ledgerTransfers.description,
            creditAccountId: ledgerTransfers.creditAccountId,
            program: pointPrograms.name,
          })
          .from(ledgerTransfers)
          .leftJoin(pointPrograms, eq(pointPrograms.id, ledgerTransfers.programId))
          .where(
            and(
              eq(ledgerTransfers.userId, userId),
              or(inArray(ledgerTransfers.debitAccountId, accountIds), inArray(ledgerTransfers.creditAccountId, accountIds)),
            ),
          )
          .orderBy(asc(ledgerTransfers.createdAt), asc(ledgerTransfers.id))
      : [];
    return {
      tables: [
        {
          kind: 'point_balances',
          title: 'ポイント・コインの残高',
          columns: [
            ['currency', '種類'],
            ['balance', '残高'],
          ],
          rows: accounts.map((account) => ({ currency: currency(account.program), balance: Number(account.balance ?? 0) })),
        },
        {
          kind: 'point_history',
          title: 'ポイント・コインの履歴',
          columns: [
            ['createdAt', '日時'],
            ['currency', '種類'],
            ['kind', '区分'],
            ['amount', '増減'],
            ['description', '内容'],
          ],
          rows: transfers.map((row) => ({
            createdAt: iso(row.createdAt),
            currency: currency(row.program),
            kind: row.kind,
            amount: accountIds.includes(row.creditAccountId) ? Number(row.amount) : -Number(row.amount),
            description: row.description,
          })),
        },
        {
          kind: 'gifts',
          title: '交換したギフト',
          columns: [
            ['createdAt', '交換日時'],
            ['name', 'ギフト'],
            ['source', '入手方法'],
            ['deliveryState', '状態'],
            ['code', 'ギフトコード'],
            ['usedAt', '使用済みにした日時'],
            ['orderNumber', '注文番号'],
            ['trackingNumber', '追跡番号'],
          ],
          rows: (await allUserGifts(db, userId)).map((gift) => ({
            createdAt: gift.createdAt,
            name: gift.name,
            source: gift.source,
            deliveryState: gift.deliveryState,
            // The member's own: a digital code they redeemed is theirs to keep.
            code: gift.code,
            usedAt: gift.usedAt,
            orderNumber: gift.order?.orderNumber ?? null,
            trackingNumber: gift.order?.trackingNumber ?? null,
          })),
        },
        ...(await entriesOf(db, userId)),
        {
          kind: 'delivery_address',
          title: 'お届け先住所',
          columns: [
            ['name', 'お名前'],
            ['postalCode', '郵便番号'],
            ['prefecture', '都道府県'],
            ['city', '市区町村'],
            ['street', '番地'],
            ['building', '建物名・部屋番号'],
            ['phone', '電話番号'],
          ],
          rows: await deliveryAddressOf(db, userId).then((address) => (address ? [{ ...address }] : [])),
        },
      ],
    };
  },

  async outlook({ db, userId }) {
    const accounts = await db
      .select({ programId: ledgerAccounts.programId, balance: ledgerAccounts.balance, programName: pointPrograms.name })
      .from(ledgerAccounts)
      .leftJoin(pointPrograms, eq(pointPrograms.id, ledgerAccounts.programId))
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'member'), gt(ledgerAccounts.balance, 0)));
    // Orders not shipped yet: leaving cancels them (erase below), so the page says so first.
    const pending = await db
      .select({ giftName: gifts.name, orderNumber: giftOrders.orderNumber, orderedAt: giftOrders.createdAt })
      .from(userGifts)
      .innerJoin(giftOrders, eq(giftOrders.userGiftId, userGifts.id))
      .innerJoin(gifts, eq(gifts.id, userGifts.giftId))
      .where(and(eq(userGifts.userId, userId), eq(userGifts.deliveryState, 'preparing')))
      .orderBy(asc(giftOrders.createdAt), asc(giftOrders.id));
    return {
      pendingGiftOrders: pending.map((order) => ({ ...order, orderedAt: order.orderedAt.toISOString() })),
      points: accounts
        .filter((account) => account.programId !== null)
        .map((account) => ({ programName: account.programName ?? '', points: Number(account.balance) })),
      coins: accounts.filter((account) => account.programId === null).reduce((sum, account) => sum + Number(account.balance), 0),
    };
  },

  async erase({ tx, userId, now }) {
    const forfeited = await forfeitBalances(tx, userId, now);
    await tx.delete(pointAgreements).where(eq(pointAgreements.userId, userId));
    await tx.delete(pointCampaignEntries).where(eq(pointCampaignEntries.userId, userId));
    await tx.delete(earningMarks).where(eq(earningMarks.userId, userId));
    // The address goes, and so does every order's copy of it: an order not shipped yet can no
    // longer be (its unit goes back to the gift; the points went with the balances above).
    await tx.delete(deliveryAddresses).where(eq(deliveryAddresses.userId, userId));
    const pending = await tx
      .update(userGifts)
      .set({ deliveryState: 'cancelled' })
      .where(and(eq(userGifts.userId, userId), eq(userGifts.deliveryState, 'preparing')))
      .returning({ id: userGifts.id, giftId: userGifts.giftId });
    for (const gift of pending) {
      await tx
        .update(gifts)
        .set({ stock: sql`${gifts.stock} + 1` })
        .where(and(eq(gifts.id, gift.giftId), isNotNull(gifts.stock)));
      await tx.update(giftOrders).set({ cancelledAt: now, cancelReason: '退会のため' }).where(eq(giftOrders.userGiftId, gift.id));
    }
    const own = tx.select({ id: userGifts.id }).from(userGifts).where(eq(userGifts.userId, userId));
    await tx.update(giftOrders).set({ addressSealed: null }).where(inArray(giftOrders.userGiftId, own));
    return { audit: { forfeited, ordersCancelled: pending.length }, forfeited };
  },
};
