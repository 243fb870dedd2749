// The demo's incentives (README "Demo account"): the demo association's point program with its
// menus, coin rules, gifts with code stock, an open campaign, and the demo member's coins, points
// (some expiring next month) and a redeemed gift with its code. Called once, by the seed.
import { eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { DEMO_PICTURES, seedGiftPicture } from './demo-pictures';
import { giftOrders, pointMenus, userGifts } from '../db/schema';
import { saveDeliveryAddress } from './delivery';
import { addGift, importGiftCodes, redeem } from './gifts';
import { credit } from './ledger';
import { addCampaign, addMenus, createProgram } from './operator';
import { seedDemoChallenges } from './challenges';

export const DEMO_PROGRAM_NAME = 'すこやかポイント';

/**
 * `orderer`: another member of the association whose towels the demo operator ships (README): one
 * shipped last week, one waiting at 発送準備中, sent to their saved address.
 */
export async function seedDemoIncentives(
  tx: Transaction,
  member: { id: string; associationId: string },
  now: Date,
  orderer: { id: string; nickname: string } | null = null,
): Promise<void> {
  // The seed's transaction, used as a database: nested transactions become savepoints.
  const db = tx as unknown as Database;
  const pointId = await createProgram(db, {
    associationId: member.associationId,
    name: DEMO_PROGRAM_NAME,
    description: '健康づくりの記録やキャンペーンへの参加でたまり、ギフトと交換できるポイントです。有効期限は付与から3年です。',
    menus: [
      { kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録する', points: 10, dailyLimit: 1 },
      { kind: 'vital_recorded', vitalType: 'bloodPressure', title: '血圧を記録する', points: 10, dailyLimit: 1 },
      { kind: 'vital_recorded', vitalType: 'steps', title: '歩数を記録する', points: 5, dailyLimit: 1 },
      { kind: 'step_goal_reached', title: '目標歩数を達成する', points: 20, dailyLimit: 1 },
      { kind: 'enquete_answered', title: '健康アンケートに回答する', points: 30, totalLimit: 1 },
      { kind: 'campaign_entered', title: 'キャンペーンにエントリーする', points: 50, totalLimit: 1 },
      { kind: 'article_quiz_correct', title: '健康記事のクイズに正解する', points: 10, dailyLimit: 1 },
    ],
  });
  await addMenus(db, null, [
    { kind: 'vital_recorded', vitalType: 'bloodSugar', title: '血糖値を記録する', points: 3, dailyLimit: 1 },
    { kind: 'vital_recorded', vitalType: 'bodyTemperature', title: '体温を記録する', points: 2, dailyLimit: 1 },
  ]);
  // The 90 days of history the seed just wrote predate the rules: only what is recorded from now earns.
  await tx
    .update(pointMenus)
    .set({ createdAt: sql`clock_timestamp()` })
    .where(or(isNull(pointMenus.programId), inArray(pointMenus.programId, [pointId])));
  // This month's challenges (issue 29), the demo member taking one.
  await seedDemoChallenges(db, member, pointId, now);

  const quo = await addGift(db, {
    programId: pointId,
    name: 'QUOカードPay 500円分',
    description: 'コードをQUOカードPayのアプリで読み取ってご利用ください。',
    cost: 500,
    kind: 'digital_code',
    position: 1,
  });
  await seedGiftPicture(tx, quo, DEMO_PICTURES.quoCard, now);
  await importGiftCodes(db, quo, ['QUO-DEMO-0001-AAAA', 'QUO-DEMO-0002-BBBB', 'QUO-DEMO-0003-CCCC', 'QUO-DEMO-0004-DDDD'].join('\n'));
  const towel = await addGift(db, {
    programId: pointId,
    name: 'オリジナルタオル',
    description: 'お届け先住所へお送りします（交換のときに住所を確認します）。',
    cost: 800,
    kind: 'delivery',
    stock: 20,
    position: 2,
  });
  await seedGiftPicture(tx, towel, DEMO_PICTURES.towel, now);
  const coffee = await addGift(db, {
    programId: null,
    name: 'コンビニコーヒー引換券',
    description: 'ギフトチャレンジの景品です。',
    cost: 1,
    kind: 'digital_code',
    challengePrize: true,
  });
  await seedGiftPicture(tx, coffee, DEMO_PICTURES.coffee, now);
  await importGiftCodes(db, coffee, Array.from({ length: 10 }, (_, i) => `COFFEE-DEMO-${String(i + 1).padStart(4, '0')}`).join('\n'));
  await addCampaign(db, {
    programId: pointId,
    title: '秋のウォーキングキャンペーン',
    description: 'エントリーして1か月歩くと、抽選でギフトが当たります。エントリーで50ポイント。',
    startsAt: new Date(now.getTime() - 7 * 24 * 3600_000),
    endsAt: new Date(now.getTime() + 60 * 24 * 3600_000),
    partnerUrl: 'https://partner.example.jp/walking',
  });

  const grant = (programId: string | null, amount: number, description: string, key: string, expiresAt?: Date) =>
    credit(tx, {
      kind: 'grant',
      userId: member.id,
      programId,
      amount,
      description,
      idempotencyKey: `demo:${key}`,
      now,
      ...(expiresAt ? { expiresAt } : {}),
    });
  await grant(null, 1250, 'ご利用ありがとうボーナス', 'coins');
  await grant(pointId, 1200, '入会ボーナス', 'welcome');
  await redeem(
    db,
    { id: member.id, email: '', nickname: '', associationId: member.associationId, emailVerified: true },
    quo,
    'demo-redemption',
    now,
  );
  // After the redemption, so the points expiring next month are still there to see.
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 15));
  await grant(pointId, 300, '健診受診ポイント', 'expiring', nextMonth);

  if (orderer) await seedDemoOrders(tx, { ...orderer, associationId: member.associationId }, pointId, towel, now);
}

/** Two towels of another member: the first shipped a week ago (with its tracking number), the second to ship. */
async function seedDemoOrders(
  tx: Transaction,
  orderer: { id: string; nickname: string; associationId: string },
  pointId: string,
  towel: string,
  now: Date,
): Promise<void> {
  const db = tx as unknown as Database;
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000);
  await credit(tx, {
    kind: 'grant',
    userId: orderer.id,
    programId: pointId,
    amount: 1600,
    description: '健康づくり表彰ポイント',
    idempotencyKey: 'demo:orderer-welcome',
    now: weekAgo,
  });
  await saveDeliveryAddress(
    tx,
    orderer.id,
    {
      name: '二段 認子',
      postalCode: '160-0023',
      prefecture: '東京都',
      city: '新宿区',
      street: '西新宿2-8-1',
      building: 'すこやかレジデンス 305号室',
      phone: '090-5555-0101',
    },
    weekAgo,
  );
  const asMember = { id: orderer.id, email: '', nickname: orderer.nickname, associationId: orderer.associationId, emailVerified: true };
  const shipped = await redeem(db, asMember, towel, 'demo-towel-1', weekAgo);
  await redeem(db, asMember, towel, 'demo-towel-2', new Date(now.getTime() - 24 * 3600_000));
  await tx.update(userGifts).set({ deliveryState: 'shipped' }).where(eq(userGifts.id, shipped.userGift.id));
  await tx
    .update(giftOrders)
    .set({ carrier: 'ヤマト運輸', trackingNumber: '4912-3456-7890', shippedAt: new Date(weekAgo.getTime() + 24 * 3600_000) })
    .where(eq(giftOrders.userGiftId, shipped.userGift.id));
}
