import { and, eq } from 'drizzle-orm';
import { agreementDocuments, auditLogs, consents, notificationSettings, users } from '../src/db/schema';
import { testContextForFile, Agent, createMember, signInAgent } from './helpers';

/*
 * Issue "accounts and access", settings and profile: the navigation info that tells the areas
 * what the member may see and where to send them, notification preferences and the profile.
 */

const ctx = testContextForFile();

async function auditEvents(userId: string, event: string) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, event)));
}

describe('getNavigationInfo: `next` for each state of the account', () => {
  it('an address not verified yet goes to /email_not_verified (the call needs an account, not a verified address)', async () => {
    const member = await createMember(ctx.db, { nickname: 'みかく 太郎' });
    const agent = await signInAgent(ctx, member);
    // Unverified after signing in: sign-in itself may refuse unverified addresses.
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, member.id));

    const response = await agent.get('getNavigationInfo');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ nickname: 'みかく 太郎', emailVerified: false, next: '/email_not_verified' });
  });

  it('a member with no association goes to /unassociated', async () => {
    const member = await createMember(ctx.db);
    await ctx.db.update(users).set({ associationId: null, associationVerifiedAt: null }).where(eq(users.id, member.id));
    const agent = await signInAgent(ctx, member);

    const response = await agent.get('getNavigationInfo');

    expect(response.body).toEqual({
      nickname: expect.any(String),
      emailVerified: true,
      association: null,
      pendingAgreementAssociationId: null,
      smsMfaEnabled: false,
      pointPrograms: [],
      mynaAvailable: false,
      unreadAnnouncements: 0,
      next: '/unassociated',
    });
  });

  it("a member who has not agreed to the association's current terms goes to its agreements page", async () => {
    const member = await createMember(ctx.db);
    await ctx.db.insert(agreementDocuments).values([
      { associationId: member.associationId, kind: 'association_terms', version: 1, title: '利用規約', body: '…' },
      { associationId: member.associationId, kind: 'privacy_provision', version: 1, title: '提供への同意', body: '…' },
    ]);
    const agent = await signInAgent(ctx, member);

    const response = await agent.get('getNavigationInfo');

    expect(response.body).toMatchObject({
      association: { id: member.associationId, name: 'テスト健康保険組合' },
      pendingAgreementAssociationId: member.associationId,
      next: `/associations/${member.associationId}/agreements`,
    });
  });

  it('a member who agreed to the terms (the optional consent left open) may go anywhere: next is null', async () => {
    const member = await createMember(ctx.db);
    const [terms] = await ctx.db
      .insert(agreementDocuments)
      .values([
        { associationId: member.associationId, kind: 'association_terms', version: 1, title: '利用規約', body: '…' },
        { associationId: member.associationId, kind: 'privacy_provision', version: 1, title: '提供への同意', body: '…' },
      ])
      .returning();
    await ctx.db.insert(consents).values({ userId: member.id, documentId: terms!.id, agreedAt: new Date() });
    const agent = await signInAgent(ctx, member);

    const response = await agent.get('getNavigationInfo');

    expect(response.body).toMatchObject({ pendingAgreementAssociationId: null, next: null });
  });

  it('withdrawn terms count as not agreed', async () => {
    const member = await createMember(ctx.db);
    const [terms] = await ctx.db
      .insert(agreementDocuments)
      .values({ associationId: member.associationId, kind: 'association_terms', version: 1, title: '利用規約', body: '…' })
      .returning();
    await ctx.db.insert(consents).values({ userId: member.id, documentId: terms!.id, agreedAt: new Date(), withdrawnAt: new Date() });
    const agent = await signInAgent(ctx, member);
    expect((await agent.get('getNavigationInfo')).body.next).toBe(`/associations/${member.associationId}/agreements`);
  });

  it('an association without terms asks for nothing', async () => {
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    expect((await agent.get('getNavigationInfo')).body).toMatchObject({ next: null, pendingAgreementAssociationId: null });
  });

  it('tells whether SMS two-factor is on', async () => {
    const member = await createMember(ctx.db);
    // Signed in first: with two-factor on, sign-in would ask for a code.
    const agent = await signInAgent(ctx, member);
    expect((await agent.get('getNavigationInfo')).body.smsMfaEnabled).toBe(false);
    await ctx.db.update(users).set({ phoneNumber: '+819012345678', smsMfaEnabledAt: new Date() }).where(eq(users.id, member.id));
    expect((await agent.get('getNavigationInfo')).body.smsMfaEnabled).toBe(true);
  });

  it('a visitor gets 401, and an account that may not be used its condition', async () => {
    expect((await new Agent(ctx.app).get('getNavigationInfo')).status).toBe(401);
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.id));
    const response = await agent.get('getNavigationInfo');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('user_is_suspended');
  });
});

describe('notification settings', () => {
  it('are all on until the member changes them', async () => {
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    const response = await agent.get('getNotificationSettings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ settings: { announcements: true, points: true, health: true, campaigns: true, walking: true } });
  });

  it('are saved per category in one go, audited, and touch no other member', async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    const settings = { announcements: true, points: false, health: false, campaigns: true, walking: false };

    const response = await agent.post('updateNotificationSettings', { settings });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ settings });
    expect((await agent.get('getNotificationSettings')).body).toEqual({ settings });
    const rows = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.id));
    expect(Object.fromEntries(rows.map((row) => [row.category, row.enabled]))).toEqual(settings);
    const events = await auditEvents(member.id, 'notification_settings_updated');
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ settings });
    expect(await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, other.id))).toHaveLength(0);

    // Saved again: the rows are updated, not added.
    const turnedBack = { announcements: false, points: true, health: true, campaigns: false, walking: true };
    expect((await agent.post('updateNotificationSettings', { settings: turnedBack })).body).toEqual({ settings: turnedBack });
    expect(await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.id))).toHaveLength(5);

    // A client of a release before walking events leaves that category out: it keeps its value.
    const older = { announcements: true, points: false, health: true, campaigns: true };
    expect((await agent.post('updateNotificationSettings', { settings: older })).body).toEqual({ settings: { ...older, walking: true } });
  });

  it.each([
    [{}, '通知の設定を指定してください'],
    [{ settings: { announcements: true, points: true, health: true } }, 'キャンペーンの通知の設定を選択してください'],
    [
      { settings: { announcements: 'yes', points: true, health: true, campaigns: true, walking: true } },
      'お知らせの通知の設定を選択してください',
    ],
  ])('refuse %j with 400 and a Japanese message, saving nothing', async (body, message) => {
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    const response = await agent.post('updateNotificationSettings', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.id))).toHaveLength(0);
    expect(await auditEvents(member.id, 'notification_settings_updated')).toHaveLength(0);
  });
});

describe('profile', () => {
  it('getUserInfo tells the birthday (null until known) besides the fields it always had', async () => {
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    expect((await agent.get('getUserInfo')).body).toEqual({
      userId: member.id,
      email: member.email,
      nickname: expect.any(String),
      association: { id: member.associationId, name: 'テスト健康保険組合' },
      birthday: null,
    });
    await ctx.db.update(users).set({ birthday: '1975-10-10' }).where(eq(users.id, member.id));
    expect((await agent.get('getUserInfo')).body.birthday).toBe('1975-10-10');
  });

  it('updateProfile changes the nickname, trimmed, and audits profile_updated', async () => {
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);

    const response = await agent.post('updateProfile', { nickname: '  すこやか 次郎 ' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ nickname: 'すこやか 次郎' });
    expect((await agent.get('getUserInfo')).body.nickname).toBe('すこやか 次郎');
    expect((await agent.get('getNavigationInfo')).body.nickname).toBe('すこやか 次郎');
    const events = await auditEvents(member.id, 'profile_updated');
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ fields: ['nickname'] });
  });

  it('counts characters as a person does: 20 emoji are 20 characters', async () => {
    const member = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    const response = await agent.post('updateProfile', { nickname: '😀'.repeat(20) });
    expect(response.status).toBe(200);
  });

  it.each([
    [{}, 'ニックネームを入力してください'],
    [{ nickname: '' }, 'ニックネームを入力してください'],
    [{ nickname: '   ' }, 'ニックネームを入力してください'],
    [{ nickname: 'あ'.repeat(21) }, 'ニックネームは20文字以内で入力してください'],
    [{ nickname: 'はな\u0000こ' }, 'ニックネームに使用できない文字が含まれています'],
  ])('updateProfile refuses %j with 400 and a Japanese message, changing nothing', async (body, message) => {
    const member = await createMember(ctx.db, { nickname: 'もとの 名前' });
    const agent = await signInAgent(ctx, member);
    const response = await agent.post('updateProfile', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.fields.nickname).toEqual([message]);
    const [row] = await ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, member.id));
    expect(row!.nickname).toBe('もとの 名前');
    expect(await auditEvents(member.id, 'profile_updated')).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    const agent = new Agent(ctx.app);
    await agent.fetchToken();
    expect((await agent.post('updateProfile', { nickname: 'x' })).status).toBe(401);
    expect((await agent.get('getNotificationSettings')).status).toBe(401);
  });

  it('changes only the signed-in member (the call takes no user id)', async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db, { nickname: 'ほかの 人' });
    const agent = await signInAgent(ctx, member);
    await agent.post('updateProfile', { nickname: '新しい名前', userId: other.id } as never);
    const [row] = await ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, other.id));
    expect(row!.nickname).toBe('ほかの 人');
  });
});
