import { ErrorCodes, IncentiveErrorCodes } from '@sukoyaka/contract';
import { and, eq, sql } from 'drizzle-orm';
import { auditLogs, deliveryAddresses, giftOrders, gifts, ledgerTransfers, users } from '../src/db/schema';
import { addGift, importGiftCodes } from '../src/incentives/gifts';
import { credit } from '../src/incentives/ledger';
import { createProgram, grantPoints } from '../src/incentives/operator';
import { reconcile } from '../src/incentives/reconcile';
import { CANCELLED_ORDER_REFUNDED_ONCE, NO_REFUND_OTHERWISE, offendingOrders } from '../src/incentives/reconcile-gift-refunds';
import { parseCsv } from '../src/platform/csv';
import {
  type Agent,
  SEALED_ENVELOPE,
  TEST_ADDRESS,
  createMember,
  createTestContext,
  signedInMember,
  signedInOperator,
  type TestContext,
} from './helpers';
import { mailsTo } from './mail-helpers';

/*
 * Issue 27, gifts that arrive: the member's delivery address (validated, normalised, sealed), the
 * order a physical gift becomes with a snapshot of it, the code of a digital gift mailed, and the
 * association's operators listing, exporting, shipping and cancelling orders — once, audited,
 * mailed once, never another association's.
 */

let ctx: TestContext;
let associationId: string;
let programId: string;
let towelId: string;
let editor: Agent;
let viewer: Agent;
let stranger: Agent;
let editorId: string;

async function member() {
  const { member: created, agent } = await signedInMember(ctx);
  return { ...created, agent };
}

/** A member of the test association with points of its program. */
async function memberWithPoints(points = 2000) {
  const someone = await member();
  // createMember makes an association per member: this one joins the test association instead.
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, someone.id));
  await grantPoints(ctx.db, {
    userId: someone.id,
    programId,
    amount: points,
    reason: 'テスト付与',
    operator: 'test',
    idempotencyKey: `grant-${someone.id}`,
    now: ctx.clock.now(),
  });
  return someone;
}

/** A member who saved an address and redeemed the towel: with the order placed. */
async function towelOrdered(points = 1000) {
  const someone = await memberWithPoints(points);
  await someone.agent.post('saveDeliveryAddress', TEST_ADDRESS);
  const order = (await someone.agent.post('redeemGift', { giftId: towelId })).body.userGift.order as { id: string; orderNumber: string };
  return { ...someone, order };
}

/** An order of the towel, shipped by the editor with this tracking number. */
async function towelShipped(trackingNumber: string) {
  const someone = await towelOrdered();
  const shipment = { associationId, orderId: someone.order.id, carrier: 'ヤマト運輸', trackingNumber };
  expect((await editor.operatorPost('shipOperatorGiftOrder', shipment)).status).toBe(200);
  return someone;
}

const balance = async (agent: Agent) => (await agent.get('getEnablePointAccount', { pointId: programId })).body.balance as number;

beforeAll(async () => {
  ctx = await createTestContext();
  associationId = (await createMember(ctx.db)).associationId;
  const otherAssociationId = (await createMember(ctx.db)).associationId;
  programId = await createProgram(ctx.db, { associationId, name: 'すこやかポイント' });
  towelId = await addGift(ctx.db, { programId, name: 'オリジナルタオル', cost: 800, kind: 'delivery', stock: 10 });
  ({ id: editorId, agent: editor } = await signedInOperator(ctx, [{ associationId, role: 'editor' }]));
  ({ agent: viewer } = await signedInOperator(ctx, [{ associationId, role: 'viewer' }]));
  ({ agent: stranger } = await signedInOperator(ctx, [{ associationId: otherAssociationId, role: 'editor' }]));
});
afterAll(async () => ctx?.close());

describe('the delivery address', () => {
  it('is refused with a 400 naming each wrong field in Japanese, and nothing is saved', async () => {
    const { agent, id } = await member();
    const answer = await agent.post('saveDeliveryAddress', {
      ...TEST_ADDRESS,
      postalCode: '123-456',
      prefecture: '東京',
      phone: '1234',
      city: '  ',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCodes.invalidParameters);
    expect(answer.body.fields).toEqual({
      postalCode: ['郵便番号は7桁の数字で入力してください（例: 100-0001）'],
      prefecture: ['都道府県を選択してください'],
      phone: ['電話番号は市外局番から入力してください（例: 03-1234-5678、090-1234-5678）'],
      city: ['市区町村を入力してください'],
    });
    expect(await ctx.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, id))).toEqual([]);
    expect((await agent.get('getDeliveryAddress')).body).toEqual({ address: null });
  });

  it('is normalised (full-width digits, any hyphen), sealed at rest, and read back by its member only', async () => {
    const { agent, id } = await member();
    const saved = await agent.post('saveDeliveryAddress', {
      ...TEST_ADDRESS,
      postalCode: '〒１６００－０２３',
      phone: '０９０（１２３４）５６７８',
      building: '',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.address).toEqual({ ...TEST_ADDRESS, postalCode: '160-0023', phone: '090-1234-5678', building: '' });
    expect((await agent.get('getDeliveryAddress')).body).toEqual(saved.body);
    const [row] = await ctx.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, id));
    expect(row!.sealed).not.toContain('千代田');
    expect(row!.sealed).toMatch(SEALED_ENVELOPE);
    // Another member has none, and no call of theirs names this one's.
    expect((await (await member()).agent.get('getDeliveryAddress')).body).toEqual({ address: null });
  });
});

describe('redeeming', () => {
  it('a physical gift without a saved address is refused (409) and charges nothing', async () => {
    const { agent } = await memberWithPoints();
    const refused = await agent.post('redeemGift', { giftId: towelId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: IncentiveErrorCodes.deliveryAddressRequired, message: expect.stringContaining('住所') });
    expect(await balance(agent)).toBe(2000);
    expect((await agent.get('listVisibleUserGifts')).body.userGifts).toEqual([]);
    const [towel] = await ctx.db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, towelId));
    expect(towel!.stock).toBe(10);
  });

  it('a physical gift becomes an order with a snapshot of the address; a later change of address leaves it', async () => {
    const { agent, email } = await memberWithPoints();
    await agent.post('saveDeliveryAddress', TEST_ADDRESS);
    const redeemed = await agent.post('redeemGift', { giftId: towelId });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.userGift).toMatchObject({
      name: 'オリジナルタオル',
      deliveryState: 'preparing',
      order: { orderNumber: expect.stringMatching(/^ORD-\d{8}-[2-9A-HJKMNP-Z]{4}$/), address: TEST_ADDRESS, trackingNumber: null },
    });
    await agent.post('saveDeliveryAddress', { ...TEST_ADDRESS, city: '港区', street: '芝公園4-2-8' });
    const [gift] = (await agent.get('listVisibleUserGifts')).body.userGifts;
    expect(gift.order.address).toEqual(TEST_ADDRESS);
    const [row] = await ctx.db.select().from(giftOrders).where(eq(giftOrders.id, gift.order.id));
    expect(row!.addressSealed).not.toContain('千代田');
    // The member is told the order was received, with its number.
    await ctx.deliverOutbox();
    const mail = await ctx.outbox.waitFor(() => mailsTo(ctx, email).find((m) => m.subject.includes(gift.order.orderNumber)));
    expect(mail.text).toContain('千代田区千代田1-1');
    // Another member sees nothing of it.
    const other = await member();
    expect((await other.agent.get('listVisibleUserGifts')).body.userGifts).toEqual([]);
    expect(JSON.stringify((await other.agent.get('getDeliveryAddress')).body)).not.toContain('千代田');
  });

  it("a digital gift's code is shown and mailed to the member, once", async () => {
    const { agent, email } = await memberWithPoints();
    const giftId = await addGift(ctx.db, { programId, name: 'QUOカードPay 500円分', cost: 500, kind: 'digital_code' });
    await importGiftCodes(ctx.db, giftId, 'code\nQUO-MAIL-0001\n');
    const redeemed = await agent.post('redeemGift', { giftId });
    expect(redeemed.body.userGift).toMatchObject({ code: 'QUO-MAIL-0001', order: null });
    await ctx.deliverOutbox();
    const mail = await ctx.outbox.waitFor(() => mailsTo(ctx, email).find((m) => m.subject.includes('ギフトコード')));
    expect(mail.text).toContain('QUO-MAIL-0001');
    expect(mail.text).toContain('/incentives/user_gifts');
    expect(mailsTo(ctx, email).filter((m) => m.text.includes('QUO-MAIL-0001'))).toHaveLength(1);
  });

  it('a digital prize won in the gift challenge: its code is mailed as the gifts page says, once', async () => {
    const { agent, email, id } = await member();
    const prizeId = await addGift(ctx.db, {
      programId: null,
      name: 'デジタル図書カード',
      cost: 1,
      kind: 'digital_code',
      challengePrize: true,
    });
    await importGiftCodes(
      ctx.db,
      prizeId,
      `code\n${Array.from({ length: 60 }, (_, n) => `BOOK-${String(n).padStart(4, '0')}`).join('\n')}\n`,
    );
    await grantPoints(ctx.db, {
      userId: id,
      programId: null,
      amount: 100 * 300,
      reason: 'テスト付与',
      operator: 'test',
      idempotencyKey: `coins-${id}`,
      now: ctx.clock.now(),
    });
    // One draw in ten wins: drawn until one does (300 draws all losing: 0.9^300, about 2e-14).
    let prize: { code: string } | null = null;
    for (let draw = 0; draw < 300 && !prize; draw += 1) {
      const answer = await agent.post('giftChallenge', {});
      expect(answer.status).toBe(200);
      if (answer.body.won) prize = answer.body.userGift;
    }
    expect(prize?.code).toMatch(/^BOOK-\d{4}$/);
    await ctx.deliverOutbox();
    const mail = await ctx.outbox.waitFor(() => mailsTo(ctx, email).find((m) => m.subject.includes('ギフトコードのお知らせ')));
    expect(mail.subject).toContain('デジタル図書カード');
    expect(mail.text).toContain(`ギフトコード：${prize!.code}`);
    expect(mail.text).toContain('/incentives/user_gifts');
    expect(mailsTo(ctx, email).filter((m) => m.subject.includes('ギフトコードのお知らせ'))).toHaveLength(1);
    // The prize's remaining codes stay for other draws of other tests: out of the catalogue.
    await ctx.db.update(gifts).set({ challengePrize: false }).where(eq(gifts.id, prizeId));
  });

  it('an order waiting for an address (placed before addresses existed) takes the next one saved', async () => {
    const { agent, id } = await memberWithPoints();
    await agent.post('saveDeliveryAddress', TEST_ADDRESS);
    const { order } = (await agent.post('redeemGift', { giftId: towelId })).body.userGift;
    await ctx.db.update(giftOrders).set({ addressSealed: null }).where(eq(giftOrders.id, order.id));
    await ctx.db.delete(deliveryAddresses).where(eq(deliveryAddresses.userId, id));
    expect((await agent.get('listVisibleUserGifts')).body.userGifts[0].order.address).toBeNull();
    const missing = await editor.operatorPost('shipOperatorGiftOrder', {
      associationId,
      orderId: order.id,
      carrier: 'ヤマト運輸',
      trackingNumber: '1111-2222-3333',
    });
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe(IncentiveErrorCodes.giftOrderAddressMissing);
    await agent.post('saveDeliveryAddress', TEST_ADDRESS);
    expect((await agent.get('listVisibleUserGifts')).body.userGifts[0].order.address).toEqual(TEST_ADDRESS);
  });
});

describe("the association's operators", () => {
  let order: { id: string; orderNumber: string };
  let buyer: Awaited<ReturnType<typeof memberWithPoints>>;

  beforeAll(async () => {
    buyer = await memberWithPoints();
    await buyer.agent.post('saveDeliveryAddress', { ...TEST_ADDRESS, name: '=山田 太郎' });
    order = (await buyer.agent.post('redeemGift', { giftId: towelId })).body.userGift.order;
  });

  it('list the orders by status and period; another association’s operator sees none and reaches none', async () => {
    const listed = await viewer.get('listOperatorGiftOrders', { associationId, status: 'preparing' });
    expect(listed.status).toBe(200);
    expect(listed.body.orders).toContainEqual(
      expect.objectContaining({
        id: order.id,
        orderNumber: order.orderNumber,
        status: 'preparing',
        giftName: 'オリジナルタオル',
        cost: 800,
        address: { ...TEST_ADDRESS, name: '=山田 太郎' },
      }),
    );
    const today = new Date(ctx.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    expect((await viewer.get('listOperatorGiftOrders', { associationId, from: today, to: today })).body.orders).toContainEqual(
      expect.objectContaining({ id: order.id }),
    );
    expect((await viewer.get('listOperatorGiftOrders', { associationId, from: '2020-01-01', to: '2020-01-31' })).body.orders).toEqual([]);
    expect((await viewer.get('listOperatorGiftOrders', { associationId, status: 'shipped' })).body.orders).not.toContainEqual(
      expect.objectContaining({ id: order.id }),
    );
    const backwards = await viewer.get('listOperatorGiftOrders', { associationId, from: '2026-02-01', to: '2026-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.to).toEqual(['終了日は開始日以降の日付を入力してください']);

    // Another association's operator: its own association lists none of these; this one is forbidden.
    expect((await stranger.get('listOperatorGiftOrders', { associationId })).status).toBe(403);
    const ship = { orderId: order.id, carrier: 'ヤマト運輸', trackingNumber: '1234-5678-9012' };
    expect((await stranger.operatorPost('shipOperatorGiftOrder', { associationId, ...ship })).status).toBe(403);
    const strangerAssociation = (await stranger.get('getOperatorSession')).body.operator.roles[0].associationId as string;
    expect((await stranger.get('listOperatorGiftOrders', { associationId: strangerAssociation })).body.orders).toEqual([]);
    const elsewhere = await stranger.operatorPost('shipOperatorGiftOrder', { associationId: strangerAssociation, ...ship });
    expect(elsewhere.status).toBe(404);
    expect(
      (await stranger.operatorPost('cancelOperatorGiftOrder', { associationId: strangerAssociation, orderId: order.id, reason: '誤り' }))
        .status,
    ).toBe(404);
    expect((await buyer.agent.get('listVisibleUserGifts')).body.userGifts[0].deliveryState).toBe('preparing');
  });

  it('export the carrier’s CSV: UTF-8 with a BOM, one row per order, formulas neutralised; editors only; audited', async () => {
    expect((await viewer.get('exportOperatorGiftOrders', { associationId })).status).toBe(403);
    const exported = await editor.get('exportOperatorGiftOrders', { associationId, status: 'preparing' });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      mediaType: 'text/csv; charset=utf-8',
      truncated: false,
      fileName: expect.stringMatching(/\.csv$/),
    });
    const content = exported.body.content as string;
    expect(content.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(content).map((record) => record.fields);
    expect(rows[0]).toEqual([
      '注文番号',
      '注文日時',
      'お届け先氏名',
      '郵便番号',
      '住所',
      '建物名・部屋番号',
      '電話番号',
      'ギフト',
      '状態',
      '配送業者',
      '追跡番号',
    ]);
    const row = rows.find((fields) => fields[0] === order.orderNumber)!;
    expect(row).toEqual([
      order.orderNumber,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      "'=山田 太郎",
      '100-0001',
      '東京都千代田区千代田1-1',
      'すこやかビル101',
      '03-1234-5678',
      'オリジナルタオル',
      '発送準備中',
      '',
      '',
    ]);
    expect(rows.length - 1).toBe(exported.body.count);
    const [audit] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operatorId, editorId), eq(auditLogs.event, 'operator_gift_orders_exported')));
    expect(audit!.detail).toMatchObject({ count: exported.body.count, status: 'preparing' });
    expect(JSON.stringify(audit!.detail)).not.toContain('千代田');
  });

  it('mark shipped once: the member sees 発送済み with the tracking number, is mailed once; audited once', async () => {
    const ship = { associationId, orderId: order.id, carrier: 'ヤマト運輸', trackingNumber: '１２３４ ５６７８ ９０１２' };
    expect((await viewer.operatorPost('shipOperatorGiftOrder', ship)).status).toBe(403);
    const bad = await editor.operatorPost('shipOperatorGiftOrder', { ...ship, trackingNumber: '追跡' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.trackingNumber).toEqual(['追跡番号は英数字とハイフンの4〜40文字で入力してください']);
    const shipped = await editor.operatorPost('shipOperatorGiftOrder', ship);
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      carrier: 'ヤマト運輸',
      trackingNumber: '123456789012',
      shippedAt: expect.any(String),
    });
    const again = await editor.operatorPost('shipOperatorGiftOrder', ship);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(shipped.body);
    const other = await editor.operatorPost('shipOperatorGiftOrder', { ...ship, trackingNumber: '9999-0000-1111' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(IncentiveErrorCodes.giftOrderClosed);

    const [gift] = (await buyer.agent.get('listVisibleUserGifts')).body.userGifts;
    expect(gift).toMatchObject({ deliveryState: 'shipped', order: { trackingNumber: '123456789012', carrier: 'ヤマト運輸' } });
    await ctx.deliverOutbox();
    const mail = await ctx.outbox.waitFor(() => mailsTo(ctx, buyer.email).find((m) => m.subject.includes('発送しました')));
    expect(mail.text).toContain('123456789012');
    expect(mailsTo(ctx, buyer.email).filter((m) => m.subject.includes('発送しました'))).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.event, 'operator_gift_order_shipped'), eq(auditLogs.associationId, associationId)));
    expect(audits.filter((entry) => (entry.detail as { orderId?: string }).orderId === order.id)).toHaveLength(1);
    expect((await editor.operatorPost('cancelOperatorGiftOrder', { associationId, orderId: order.id, reason: '在庫切れ' })).body.code).toBe(
      IncentiveErrorCodes.giftOrderClosed,
    );
  });

  it('correct a shipped order’s tracking number: the member sees it and is mailed once; audited with before and after', async () => {
    const correct = { associationId, orderId: order.id, carrier: '佐川急便', trackingNumber: '９８７６-５４３２-１０９８' };
    expect((await viewer.operatorPost('correctOperatorGiftOrderTracking', correct)).status).toBe(403);
    const strangerAssociation = (await stranger.get('getOperatorSession')).body.operator.roles[0].associationId as string;
    expect(
      (await stranger.operatorPost('correctOperatorGiftOrderTracking', { ...correct, associationId: strangerAssociation })).status,
    ).toBe(404);
    const bad = await editor.operatorPost('correctOperatorGiftOrderTracking', { ...correct, trackingNumber: '追跡', carrier: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      trackingNumber: ['追跡番号は英数字とハイフンの4〜40文字で入力してください'],
      carrier: ['配送業者を入力してください'],
    });
    const [before] = await ctx.db.select().from(giftOrders).where(eq(giftOrders.id, order.id));
    expect(before!.trackingNumber).toBe('123456789012');

    const corrected = await editor.operatorPost('correctOperatorGiftOrderTracking', correct);
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ status: 'shipped', carrier: '佐川急便', trackingNumber: '9876-5432-1098' });
    // The parcel left when it left: the shipping date stays.
    expect(corrected.body.shippedAt).toBe(before!.shippedAt!.toISOString());
    const [gift] = (await buyer.agent.get('listVisibleUserGifts')).body.userGifts;
    expect(gift).toMatchObject({ deliveryState: 'shipped', order: { carrier: '佐川急便', trackingNumber: '9876-5432-1098' } });
    await ctx.deliverOutbox();
    const mail = await ctx.outbox.waitFor(() => mailsTo(ctx, buyer.email).find((m) => m.subject.includes('追跡番号を訂正しました')));
    expect(mail.subject).toContain(order.orderNumber);
    expect(mail.text).toContain('追跡番号：9876-5432-1098');
    expect(mail.text).toContain('配送業者：佐川急便');
    expect(mail.text).not.toContain('123456789012');

    // The same correction again: answered as it is, no second mail, no second audit entry.
    expect((await editor.operatorPost('correctOperatorGiftOrderTracking', correct)).body).toEqual(corrected.body);
    await ctx.deliverOutbox();
    expect(mailsTo(ctx, buyer.email).filter((m) => m.subject.includes('追跡番号を訂正しました'))).toHaveLength(1);
    const audits = (
      await ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.event, 'operator_gift_order_tracking_corrected'), eq(auditLogs.associationId, associationId)))
    ).filter((entry) => (entry.detail as { orderId?: string }).orderId === order.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({
      before: { carrier: 'ヤマト運輸', trackingNumber: '123456789012' },
      after: { carrier: '佐川急便', trackingNumber: '9876-5432-1098' },
    });

    // Only a shipped order has a number to correct.
    const placed = (await towelOrdered()).order;
    const notShipped = await editor.operatorPost('correctOperatorGiftOrderTracking', { ...correct, orderId: placed.id });
    expect(notShipped.status).toBe(409);
    expect(notShipped.body.code).toBe(IncentiveErrorCodes.giftOrderNotShipped);
    await editor.operatorPost('cancelOperatorGiftOrder', { associationId, orderId: placed.id, reason: 'テスト' });
    const cancelled = await editor.operatorPost('correctOperatorGiftOrderTracking', { ...correct, orderId: placed.id });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.code).toBe(IncentiveErrorCodes.giftOrderClosed);
    const [untouched] = await ctx.db.select().from(giftOrders).where(eq(giftOrders.id, placed.id));
    expect(untouched).toMatchObject({ carrier: null, trackingNumber: null });
  });

  it('cancel an order not shipped: the points and the stock go back once, the member is mailed; the ledger reconciles', async () => {
    const someone = await memberWithPoints(1000);
    await someone.agent.post('saveDeliveryAddress', TEST_ADDRESS);
    const [before] = await ctx.db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, towelId));
    const placed = (await someone.agent.post('redeemGift', { giftId: towelId })).body.userGift.order;
    expect(await balance(someone.agent)).toBe(200);
    const cancel = { associationId, orderId: placed.id, reason: '在庫切れのため' };
    const cancelled = await editor.operatorPost('cancelOperatorGiftOrder', cancel);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: '在庫切れのため' });
    expect((await editor.operatorPost('cancelOperatorGiftOrder', cancel)).body).toEqual(cancelled.body);
    expect(await balance(someone.agent)).toBe(1000);
    const [after] = await ctx.db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, towelId));
    expect(after!.stock).toBe(before!.stock);
    expect((await someone.agent.get('listVisibleUserGifts')).body.userGifts[0]).toMatchObject({
      deliveryState: 'cancelled',
      order: { cancelReason: '在庫切れのため' },
    });
    expect((await viewer.get('listOperatorGiftOrders', { associationId, status: 'cancelled' })).body.orders).toContainEqual(
      expect.objectContaining({ id: placed.id }),
    );
    const shipCancelled = await editor.operatorPost('shipOperatorGiftOrder', {
      associationId,
      orderId: placed.id,
      carrier: 'ヤマト運輸',
      trackingNumber: '1234-5678',
    });
    expect(shipCancelled.body.code).toBe(IncentiveErrorCodes.giftOrderClosed);
    await ctx.deliverOutbox();
    await ctx.outbox.waitFor(() => mailsTo(ctx, someone.email).find((m) => m.subject.includes('取り消しました')));
    expect(mailsTo(ctx, someone.email).filter((m) => m.subject.includes('取り消しました'))).toHaveLength(1);
    expect((await reconcile(ctx.db)).breaks).toEqual([]);
  });
});

describe('leaving with a gift not shipped yet', () => {
  it('the leave summary lists the order; leaving cancels it without giving the points back, and the ledger reconciles', async () => {
    const leaver = await towelOrdered();
    const placed = leaver.order;
    const summary = await leaver.agent.get('getLeaveServiceSummary');
    expect(summary.status).toBe(200);
    expect(summary.body.pendingGiftOrders).toEqual([
      { giftName: 'オリジナルタオル', orderNumber: placed.orderNumber, orderedAt: expect.any(String) },
    ]);
    expect(summary.body.points).toEqual([{ programName: 'すこやかポイント', points: 200 }]);
    // A shipped order is on its way: not listed.
    const shipped = await towelShipped('5555-6666');
    expect((await shipped.agent.get('getLeaveServiceSummary')).body.pendingGiftOrders).toEqual([]);

    expect((await leaver.agent.post('authenticateUserPassword', { password: leaver.password })).status).toBe(200);
    const left = await leaver.agent.post('leaveService', { confirm: true });
    expect(left.status).toBe(200);
    expect(left.body.forfeited).toEqual({ points: 200, coins: 0 });
    const listed = (await viewer.get('listOperatorGiftOrders', { associationId, status: 'cancelled' })).body.orders;
    expect(listed).toContainEqual(expect.objectContaining({ id: placed.id, cancelReason: '退会のため', address: null }));
    expect((await reconcile(ctx.db)).breaks).toEqual([]);
  });
});

describe('reconciling cancelled orders’ refunds', () => {
  const breaksOf = async (invariant: string) => (await reconcile(ctx.db)).breaks.find((found) => found.invariant === invariant);

  it('reports a cancelled order whose refund is missing or doubled, and a shipped order with one', async () => {
    expect((await reconcile(ctx.db)).checked).toEqual(expect.arrayContaining([CANCELLED_ORDER_REFUNDED_ONCE, NO_REFUND_OTHERWISE]));
    const someone = await towelOrdered();
    const placed = someone.order;
    const cancelled = await editor.operatorPost('cancelOperatorGiftOrder', { associationId, orderId: placed.id, reason: '在庫切れ' });
    expect(cancelled.status).toBe(200);
    expect((await reconcile(ctx.db)).breaks).toEqual([]);

    // Missing: the refund no longer names the order.
    const reference = `gift_order:${placed.id}`;
    await ctx.db.update(ledgerTransfers).set({ reference: 'gift_order:lost' }).where(eq(ledgerTransfers.reference, reference));
    expect(await breaksOf(CANCELLED_ORDER_REFUNDED_ONCE)).toEqual({
      invariant: CANCELLED_ORDER_REFUNDED_ONCE,
      count: 1,
      examples: [expect.objectContaining({ order_number: placed.orderNumber, delivery_state: 'cancelled', expected: 1, refunds: 0 })],
    });
    await ctx.db.update(ledgerTransfers).set({ reference }).where(eq(ledgerTransfers.reference, 'gift_order:lost'));
    expect((await reconcile(ctx.db)).breaks).toEqual([]);

    // Doubled: a second grant for the same order (another key, so the ledger's own checks pass).
    const refundOf = (orderId: string, key: string) =>
      ctx.db.transaction((tx) =>
        credit(tx, {
          kind: 'grant',
          userId: someone.id,
          programId,
          amount: 800,
          description: '二重の返還',
          reference: `gift_order:${orderId}`,
          idempotencyKey: key,
          now: ctx.clock.now(),
        }),
      );
    await refundOf(placed.id, `double-${placed.id}`);
    expect(await breaksOf(CANCELLED_ORDER_REFUNDED_ONCE)).toMatchObject({
      count: 1,
      examples: [expect.objectContaining({ order_number: placed.orderNumber, refunds: 2 })],
    });

    // A shipped order refunded.
    const sent = (await towelShipped('7777-8888')).order;
    await refundOf(sent.id, `shipped-${sent.id}`);
    expect(await breaksOf(NO_REFUND_OTHERWISE)).toEqual({
      invariant: NO_REFUND_OTHERWISE,
      count: 1,
      examples: [expect.objectContaining({ order_number: sent.orderNumber, delivery_state: 'shipped', expected: 0, refunds: 1 })],
    });
  });

  it('reads one association’s orders through its index, and each refund through the partial index on its reference', async () => {
    // Seq scans priced out: an index that cannot serve the query leaves a Seq Scan in the plan.
    await ctx.db.execute(sql`set enable_seqscan = off`);
    try {
      const explained = (await ctx.db.execute(sql`explain ${offendingOrders(associationId)}`)) as unknown;
      const rows = (Array.isArray(explained) ? explained : (explained as { rows: unknown[] }).rows) as Array<{ 'QUERY PLAN': string }>;
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('gift_orders_association_idx');
      expect(plan).toContain('ledger_transfers_gift_order_idx');
      expect(plan).not.toMatch(/Seq Scan on (gift_orders|ledger_transfers)/);
    } finally {
      await ctx.db.execute(sql`reset enable_seqscan`);
    }
  });
});
