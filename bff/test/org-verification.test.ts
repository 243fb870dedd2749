import { ORG_NO_MATCH_MESSAGE } from '@sukoyaka/contract';
import { and, eq } from 'drizzle-orm';
import { associations, auditLogs, rosterEntries, users } from '../src/db/schema';
import { DEMO_ASSOCIATION, DEMO_MEMBER, DEMO_ROSTER, NEWCOMER_MEMBER, SPARE_ROSTER, seedDemo } from '../src/db/seed';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

/*
 * Issue "accounts and access", organisation verification: a member links to their association
 * by insurer number, 記号, 番号 and birthday, matched against the association's roster.
 */

let ctx: TestContext;
let association: { id: string; name: string };
let otherAssociation: { id: string };
const INSURER = '06130001';

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db);
  const [created, other] = await ctx.db
    .insert(associations)
    .values([
      { name: 'あおぞら健康保険組合', insurerNumber: INSURER },
      { name: 'ほかの健康保険組合', insurerNumber: '06130002' },
    ])
    .returning();
  association = { id: created!.id, name: created!.name };
  otherAssociation = { id: other!.id };
});
afterAll(async () => {
  await ctx.close();
});

let entryCounter = 0;
/** A free roster entry of the association (or another), unique per test. */
async function rosterEntry(associationId = association.id, birthday = '1990-01-01') {
  entryCounter += 1;
  const [entry] = await ctx.db
    .insert(rosterEntries)
    .values({ associationId, memberSymbol: '1001', memberNumber: String(3000 + entryCounter), birthday })
    .returning();
  return entry!;
}

/** A signed-in member with a verified e-mail and no association yet. */
async function newcomer(fields: { birthday?: string | null } = {}) {
  const member = await createMember(ctx.db);
  await ctx.db
    .update(users)
    .set({ associationId: null, associationVerifiedAt: null, birthday: fields.birthday ?? null })
    .where(eq(users.id, member.id));
  const agent = new Agent(ctx.app);
  expect((await agent.signIn(member.email, member.password)).status).toBe(200);
  return { member, agent };
}

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function auditEvents(userId: string, event: string) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, event)));
}

const input = (entry: { memberSymbol: string; memberNumber: string; birthday: string }, insurerNumber = INSURER) => ({
  insurerNumber,
  memberSymbol: entry.memberSymbol,
  memberNumber: entry.memberNumber,
  birthday: entry.birthday,
});

describe('verifyOrganization', () => {
  it('links the member, the roster entry and the birthday in one go, and audits association_linked', async () => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();

    const response = await agent.post('verifyOrganization', input(entry));

    expect(response.status).toBe(200);
    // The association has no terms documents: nothing to agree, straight home.
    expect(response.body).toEqual({ association: { id: association.id, name: 'あおぞら健康保険組合' }, next: '/' });
    const user = await userRow(member.id);
    expect(user.associationId).toBe(association.id);
    expect(user.associationVerifiedAt?.getTime()).toBe(ctx.clock.now().getTime());
    expect(user.birthday).toBe('1990-01-01');
    const [linked] = await ctx.db.select().from(rosterEntries).where(eq(rosterEntries.id, entry.id));
    expect(linked!.linkedUserId).toBe(member.id);
    const events = await auditEvents(member.id, 'association_linked');
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ associationId: association.id, rosterEntryId: entry.id });
    // The member's calls now see the association.
    expect((await agent.get('getUserInfo')).body.association).toEqual({ id: association.id, name: 'あおぞら健康保険組合' });
  });

  it('accepts full-width digits and spaces around, as typed on a Japanese keyboard', async () => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();
    const fullWidth = (value: string) => value.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));

    const response = await agent.post('verifyOrganization', {
      insurerNumber: ` ${fullWidth(INSURER)} `,
      memberSymbol: `\u3000${fullWidth(entry.memberSymbol)}`,
      memberNumber: `${fullWidth(entry.memberNumber)} `,
      birthday: entry.birthday,
    });

    expect(response.status).toBe(200);
    expect((await userRow(member.id)).associationId).toBe(association.id);
  });

  it('keeps a birthday the member already has', async () => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer({ birthday: '1985-05-05' });
    expect((await agent.post('verifyOrganization', input(entry))).status).toBe(200);
    expect((await userRow(member.id)).birthday).toBe('1985-05-05');
  });

  it('sends the member on to the terms when the association has terms to agree', async () => {
    const { agreementDocuments } = await import('../src/db/schema');
    const [withTerms] = await ctx.db.insert(associations).values({ name: '規約のある健康保険組合', insurerNumber: '06130003' }).returning();
    await ctx.db
      .insert(agreementDocuments)
      .values({ associationId: withTerms!.id, kind: 'association_terms', version: 1, title: '利用規約', body: '本文' });
    const entry = await rosterEntry(withTerms!.id);
    const { agent } = await newcomer();

    const response = await agent.post('verifyOrganization', input(entry, '06130003'));

    expect(response.status).toBe(200);
    expect(response.body.next).toBe(`/associations/${withTerms!.id}/agreements`);
  });

  it.each([
    ['a wrong birthday', (entry: ReturnType<typeof input>) => ({ ...entry, birthday: '1990-01-02' })],
    ['a wrong 番号', (entry: ReturnType<typeof input>) => ({ ...entry, memberNumber: '999999' })],
    ['a wrong 記号', (entry: ReturnType<typeof input>) => ({ ...entry, memberSymbol: '9999' })],
    ['an unknown insurer number', (entry: ReturnType<typeof input>) => ({ ...entry, insurerNumber: '99999999' })],
    ["another association's insurer number", (entry: ReturnType<typeof input>) => ({ ...entry, insurerNumber: '06130002' })],
  ])('answers %s with the one no-match message that names no part, links nothing and audits the failure', async (_label, change) => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();

    const response = await agent.post('verifyOrganization', change(input(entry)));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'association_member_not_found', message: ORG_NO_MATCH_MESSAGE });
    expect(ORG_NO_MATCH_MESSAGE).toBe('入力された情報に一致する加入者が見つかりませんでした。保険証の記載内容をご確認ください。');
    const user = await userRow(member.id);
    expect(user.associationId).toBeNull();
    expect(user.associationVerifiedAt).toBeNull();
    expect(user.birthday).toBeNull();
    const [untouched] = await ctx.db.select().from(rosterEntries).where(eq(rosterEntries.id, entry.id));
    expect(untouched!.linkedUserId).toBeNull();
    expect(await auditEvents(member.id, 'association_link_failed')).toHaveLength(1);
    expect(await auditEvents(member.id, 'association_linked')).toHaveLength(0);
  });

  it('links a roster entry once only: a second member gets the same no-match answer and the failure is audited', async () => {
    const entry = await rosterEntry();
    const first = await newcomer();
    const second = await newcomer();
    expect((await first.agent.post('verifyOrganization', input(entry))).status).toBe(200);

    const response = await second.agent.post('verifyOrganization', input(entry));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'association_member_not_found', message: ORG_NO_MATCH_MESSAGE });
    expect((await userRow(second.member.id)).associationId).toBeNull();
    const [still] = await ctx.db.select().from(rosterEntries).where(eq(rosterEntries.id, entry.id));
    expect(still!.linkedUserId).toBe(first.member.id);
    const failures = await auditEvents(second.member.id, 'association_link_failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.detail).toMatchObject({ reason: 'already_linked', rosterEntryId: entry.id });
  });

  it('refuses a member who is already linked with 409, and links no second entry', async () => {
    const first = await rosterEntry();
    const second = await rosterEntry();
    const { member, agent } = await newcomer();
    expect((await agent.post('verifyOrganization', input(first))).status).toBe(200);

    const response = await agent.post('verifyOrganization', input(second));

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'association_already_linked', message: 'すでに健康保険組合の加入者情報が登録されています。' });
    const [free] = await ctx.db.select().from(rosterEntries).where(eq(rosterEntries.id, second.id));
    expect(free!.linkedUserId).toBeNull();
    expect(await auditEvents(member.id, 'association_linked')).toHaveLength(1);
  });

  it('throttles after 10 failures within an hour with 429, even for the right details, and lets the member try again an hour later', async () => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await agent.post('verifyOrganization', { ...input(entry), memberNumber: `8${attempt}` });
      expect(response.status).toBe(400);
      ctx.clock.advance(60 * 1000);
    }

    const throttled = await agent.post('verifyOrganization', input(entry));
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('too_many_requests');
    expect(throttled.body.message).toBe('確認に失敗した回数が上限に達しました。1時間ほど時間をおいてから再度お試しください。');
    expect((await userRow(member.id)).associationId).toBeNull();

    // The first failure leaves the window an hour after it happened.
    ctx.clock.advance(51 * 60 * 1000);
    const retried = await agent.post('verifyOrganization', input(entry));
    expect(retried.status).toBe(200);
    expect((await userRow(member.id)).associationId).toBe(association.id);
  });

  it.each([
    [{ insurerNumber: '' }, 'insurerNumber', '保険者番号を入力してください'],
    [{ insurerNumber: '0613000' }, 'insurerNumber', '保険者番号は8桁の数字で入力してください'],
    [{ insurerNumber: '0613000A' }, 'insurerNumber', '保険者番号は8桁の数字で入力してください'],
    [{ memberSymbol: '   ' }, 'memberSymbol', '記号を入力してください'],
    [{ memberSymbol: 'あ'.repeat(21) }, 'memberSymbol', '記号は20文字以内で入力してください'],
    [{ memberNumber: '' }, 'memberNumber', '番号を入力してください'],
    [{ memberNumber: '12a4' }, 'memberNumber', '番号は数字で入力してください'],
    [{ birthday: '' }, 'birthday', '生年月日を入力してください'],
    [{ birthday: '1990/01/01' }, 'birthday', '生年月日の形式が正しくありません'],
    [{ birthday: '1990-02-30' }, 'birthday', '生年月日の形式が正しくありません'],
    [{ birthday: '1899-12-31' }, 'birthday', '生年月日は1900年1月1日以降の日付を入力してください'],
    [{ birthday: '2999-01-01' }, 'birthday', '生年月日に未来の日付は指定できません'],
    [{ birthday: undefined }, 'birthday', '生年月日を入力してください'],
  ])('refuses %j with 400 naming the field, and changes nothing', async (change, field, message) => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();

    const response = await agent.post('verifyOrganization', { ...input(entry), ...change });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.message).toBe(message);
    expect(response.body.fields[field]).toEqual([message]);
    expect((await userRow(member.id)).associationId).toBeNull();
    // A typo is not a failed match: it does not count toward the limit.
    expect(await auditEvents(member.id, 'association_link_failed')).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.post('verifyOrganization', {
      insurerNumber: INSURER,
      memberSymbol: '1',
      memberNumber: '1',
      birthday: '1990-01-01',
    });
    expect(response.status).toBe(401);
  });

  it('needs a verified e-mail address', async () => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, member.id));
    const response = await agent.post('verifyOrganization', input(entry));
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('user_email_not_verified');
    expect((await userRow(member.id)).associationId).toBeNull();
  });
});

describe('listUserAssociationsByUserID', () => {
  it("lists the member's verified association with when it was verified", async () => {
    const entry = await rosterEntry();
    const { member, agent } = await newcomer();
    await agent.post('verifyOrganization', input(entry));

    const response = await agent.get('listUserAssociationsByUserID');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [{ id: association.id, name: 'あおぞら健康保険組合', verifiedAt: ctx.clock.now().toISOString() }],
    });
    expect((await agent.get('listUserAssociationsByUserID', { userId: member.id })).body.items).toHaveLength(1);
  });

  it('is empty for a member with no association', async () => {
    const { agent } = await newcomer();
    expect((await agent.get('listUserAssociationsByUserID')).body).toEqual({ items: [] });
  });

  it("refuses another member's id with 404 and tells nothing about them", async () => {
    const other = await createMember(ctx.db);
    const { agent } = await newcomer();
    const response = await agent.get('listUserAssociationsByUserID', { userId: other.id });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it('refuses a malformed user id with 400', async () => {
    const { agent } = await newcomer();
    const response = await agent.get('listUserAssociationsByUserID', { userId: 'me' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('会員IDの形式が正しくありません');
  });
});

describe('getAssociation', () => {
  it("answers the member's own association with its insurer number", async () => {
    const entry = await rosterEntry();
    const { agent } = await newcomer();
    await agent.post('verifyOrganization', input(entry));

    const response = await agent.get('getAssociation', { associationId: association.id });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: association.id, name: 'あおぞら健康保険組合', insurerNumber: INSURER });
  });

  it("answers another association's id as not found", async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const response = await agent.get('getAssociation', { associationId: otherAssociation.id });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it('answers a member with no association as not found', async () => {
    const { agent } = await newcomer();
    expect((await agent.get('getAssociation', { associationId: association.id })).status).toBe(404);
  });

  it.each([
    [{}, '健康保険組合IDを指定してください'],
    [{ associationId: 'abc' }, '健康保険組合IDの形式が正しくありません'],
  ])('refuses %j with 400', async (query, message) => {
    const { agent } = await newcomer();
    const response = await agent.get('getAssociation', query as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

describe('the demo (README): the seeded newcomer links to the demo association and agrees', () => {
  it('newcomer@sukoyaka.example goes /unassociated → links with 06139999 / 1001 / 2002 / 1990-01-01 → agrees → may go anywhere', async () => {
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(NEWCOMER_MEMBER.email, DEMO_MEMBER.password)).status).toBe(200);
    expect((await agent.get('getNavigationInfo')).body).toMatchObject({
      nickname: 'はじめ 太郎',
      association: null,
      next: '/unassociated',
    });

    const linked = await agent.post('verifyOrganization', {
      insurerNumber: '06139999',
      memberSymbol: '1001',
      memberNumber: '2002',
      birthday: '1990-01-01',
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({
      association: { id: DEMO_ASSOCIATION.id, name: DEMO_ASSOCIATION.name },
      next: `/associations/${DEMO_ASSOCIATION.id}/agreements`,
    });

    const { documents } = (await agent.get('listAssociationAgreements', { associationId: DEMO_ASSOCIATION.id })).body;
    const terms = documents.find((document: { kind: string }) => document.kind === 'association_terms');
    expect((await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] })).status).toBe(200);
    expect((await agent.get('getNavigationInfo')).body).toMatchObject({ association: { id: DEMO_ASSOCIATION.id }, next: null });
    expect((await agent.get('getUserInfo')).body.birthday).toBe('1990-01-01');
  });

  it('seeds the documented free entries: 1001/2001 to 1001/2004, born 1990-01-01', async () => {
    const entries = await ctx.db.select().from(rosterEntries).where(eq(rosterEntries.associationId, DEMO_ASSOCIATION.id));
    const free = [DEMO_ROSTER[0], ...SPARE_ROSTER].map((entry) => `${entry.memberSymbol}/${entry.memberNumber}/${entry.birthday}`);
    expect(free).toEqual(['1001/2001/1990-01-01', '1001/2002/1990-01-01', '1001/2003/1990-01-01', '1001/2004/1990-01-01']);
    for (const key of free)
      expect(entries.some((entry) => `${entry.memberSymbol}/${entry.memberNumber}/${entry.birthday}` === key)).toBe(true);
  });
});
