import { ErrorCodes, IncentiveErrorCodes } from '@sukoyaka/contract';
import { and, eq } from 'drizzle-orm';
import { auditLogs, deliveryAddresses, giftOrders, gifts, users } from '../src/db/schema';
import { addGift, importGiftCodes } from '../src/incentives/gifts';
import { createProgram, grantPoints } from '../src/incentives/operator';
import { reconcile } from '../src/incentives/reconcile';
import { parseCsv } from '../src/platform/csv';
import { type Agent, TEST_ADDRESS, createMember, createTestContext, signedInMember, signedInOperator, type TestContext } from './helpers';
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
    expect(row!.sealed).not.toContain('090');
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
