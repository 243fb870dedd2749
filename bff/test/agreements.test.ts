import { and, eq } from 'drizzle-orm';
import { agreementDocuments, associations, auditLogs, consents, users } from '../src/db/schema';
import { testContextForFile, createMember, signInAgent } from './helpers';

/*
 * Issue "accounts and access", agreements: the association's terms (required) and the consent to
 * provide data to it (optional, can be withdrawn), each versioned; a new version asks again.
 */

const ctx = testContextForFile();

let associationCounter = 0;
/** An association with version 1 of its terms and of its data-provision consent. */
async function associationWithDocuments() {
  associationCounter += 1;
  const [association] = await ctx.db
    .insert(associations)
    .values({ name: `同意テスト健康保険組合${associationCounter}` })
    .returning();
  const [terms, privacy] = await ctx.db
    .insert(agreementDocuments)
    .values([
      { associationId: association!.id, kind: 'association_terms', version: 1, title: '利用規約', body: '第1条 …' },
      { associationId: association!.id, kind: 'privacy_provision', version: 1, title: '健康情報の提供に関する同意', body: '提供します。' },
    ])
    .returning();
  return { association: association!, terms: terms!, privacy: privacy! };
}

/** A signed-in member of the association. */
async function memberOf(associationId: string) {
  const member = await createMember(ctx.db);
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, member.id));
  return { member, agent: await signInAgent(ctx, member) };
}

async function consentRows(userId: string) {
  return ctx.db.select().from(consents).where(eq(consents.userId, userId));
}

async function auditEvents(userId: string, event: string) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, event)));
}

describe('listAssociationAgreements', () => {
  it('lists the current terms (required) and data-provision consent (optional), not yet agreed', async () => {
    const { association, terms, privacy } = await associationWithDocuments();
    const { agent } = await memberOf(association.id);

    const response = await agent.get('listAssociationAgreements', { associationId: association.id });

    expect(response.status).toBe(200);
    expect(response.body.association).toEqual({ id: association.id, name: association.name });
    expect(response.body.documents).toEqual([
      expect.objectContaining({
        id: terms.id,
        kind: 'association_terms',
        version: 1,
        title: '利用規約',
        required: true,
        agreedAt: null,
        previouslyAgreedVersion: null,
      }),
      expect.objectContaining({
        id: privacy.id,
        kind: 'privacy_provision',
        version: 1,
        required: false,
        agreedAt: null,
        previouslyAgreedVersion: null,
      }),
    ]);
    expect(response.body.documents[0].body).toBe('第1条 …');
  });

  it("answers another association's documents, or an unknown id, as not found", async () => {
    const own = await associationWithDocuments();
    const other = await associationWithDocuments();
    const { agent } = await memberOf(own.association.id);

    expect((await agent.get('listAssociationAgreements', { associationId: other.association.id })).status).toBe(404);
    expect((await agent.get('listAssociationAgreements', { associationId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('refuses a malformed association id with 400 and a Japanese message', async () => {
    const { association } = await associationWithDocuments();
    const { agent } = await memberOf(association.id);
    const response = await agent.get('listAssociationAgreements', { associationId: 'not-an-id' });
    expect(response.status).toBe(400);
    expect(response.body.fields.associationId).toEqual(['健康保険組合IDの形式が正しくありません']);
  });
});

describe('agreeAssociationAgreements', () => {
  it('records each consent with the version agreed and the time, and audits consent_given', async () => {
    const { association, terms, privacy } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);

    const response = await agent.post('agreeAssociationAgreements', { documentIds: [terms.id, privacy.id] });

    expect(response.status).toBe(200);
    const now = ctx.clock.now().toISOString();
    expect(response.body.documents.map((document: { agreedAt: string }) => document.agreedAt)).toEqual([now, now]);
    const rows = await consentRows(member.id);
    expect(rows.map((row) => row.documentId).sort()).toEqual([terms.id, privacy.id].sort());
    expect(rows.every((row) => row.agreedAt.toISOString() === now && row.withdrawnAt === null)).toBe(true);
    const events = await auditEvents(member.id, 'consent_given');
    expect(events.map((event) => event.detail).sort((a, b) => String(a.kind).localeCompare(String(b.kind)))).toEqual([
      { documentId: terms.id, kind: 'association_terms', version: 1 },
      { documentId: privacy.id, kind: 'privacy_provision', version: 1 },
    ]);
  });

  it('lets the member agree to the terms only, leaving the optional consent open', async () => {
    const { association, terms } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);

    const response = await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] });

    expect(response.status).toBe(200);
    expect(response.body.documents[1].agreedAt).toBeNull();
    expect((await agent.get('getNavigationInfo')).body.next).toBeNull();
    expect(await consentRows(member.id)).toHaveLength(1);
  });

  it('is idempotent: agreeing again records nothing new and keeps the first time', async () => {
    const { association, terms } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);
    await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] });
    const first = ctx.clock.now().toISOString();
    ctx.clock.advance(60_000);

    const again = await agent.post('agreeAssociationAgreements', { documentIds: [terms.id, terms.id] });

    expect(again.status).toBe(200);
    expect(again.body.documents[0].agreedAt).toBe(first);
    expect(await consentRows(member.id)).toHaveLength(1);
    expect(await auditEvents(member.id, 'consent_given')).toHaveLength(1);
  });

  it("refuses another association's document with 400 and records nothing, not even the member's own in the same call", async () => {
    const own = await associationWithDocuments();
    const other = await associationWithDocuments();
    const { member, agent } = await memberOf(own.association.id);

    const response = await agent.post('agreeAssociationAgreements', { documentIds: [own.terms.id, other.terms.id] });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.message).toBe('同意できない規約が含まれています。ページを再読み込みしてから、もう一度お試しください。');
    expect(await consentRows(member.id)).toHaveLength(0);
    expect(await auditEvents(member.id, 'consent_given')).toHaveLength(0);
  });

  it.each([
    [{}, '同意する規約を選択してください'],
    [{ documentIds: [] }, '同意する規約を選択してください'],
    [{ documentIds: 'abc' }, '同意する規約を選択してください'],
    [{ documentIds: ['abc'] }, '規約IDの形式が正しくありません'],
  ])('refuses %j with 400 and a Japanese message, recording nothing', async (body, message) => {
    const { association } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);
    const response = await agent.post('agreeAssociationAgreements', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await consentRows(member.id)).toHaveLength(0);
  });

  it('refuses a member with no association with 404', async () => {
    const { terms } = await associationWithDocuments();
    const { member, agent } = await memberOf(null as unknown as string);
    const response = await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] });
    expect(response.status).toBe(404);
    expect(await consentRows(member.id)).toHaveLength(0);
  });
});

describe('versions: a new version asks again', () => {
  it('a consent to version 1 does not count for version 2; version 1 can no longer be agreed; agreeing version 2 clears the way', async () => {
    const { association, terms } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);
    await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] });
    expect((await agent.get('getNavigationInfo')).body.next).toBeNull();

    const [termsV2] = await ctx.db
      .insert(agreementDocuments)
      .values({ associationId: association.id, kind: 'association_terms', version: 2, title: '利用規約（改定）', body: '第1条 改定 …' })
      .returning();

    const navigation = await agent.get('getNavigationInfo');
    expect(navigation.body.next).toBe(`/associations/${association.id}/agreements`);
    expect(navigation.body.pendingAgreementAssociationId).toBe(association.id);
    const listed = await agent.get('listAssociationAgreements', { associationId: association.id });
    expect(listed.body.documents[0]).toMatchObject({ id: termsV2!.id, version: 2, agreedAt: null, previouslyAgreedVersion: 1 });

    const outdated = await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] });
    expect(outdated.status).toBe(400);

    const agreed = await agent.post('agreeAssociationAgreements', { documentIds: [termsV2!.id] });
    expect(agreed.status).toBe(200);
    expect(agreed.body.documents[0]).toMatchObject({ version: 2, agreedAt: ctx.clock.now().toISOString(), previouslyAgreedVersion: null });
    expect((await agent.get('getNavigationInfo')).body.next).toBeNull();
    const events = await auditEvents(member.id, 'consent_given');
    expect(events.map((event) => event.detail.version).sort()).toEqual([1, 2]);
  });
});

describe('withdrawAssociationAgreement', () => {
  it('withdraws the data-provision consent (withdrawnAt set, consent_withdrawn audited) and keeps the row; withdrawing again changes nothing', async () => {
    const { association, terms, privacy } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);
    await agent.post('agreeAssociationAgreements', { documentIds: [terms.id, privacy.id] });
    ctx.clock.advance(60_000);

    const response = await agent.post('withdrawAssociationAgreement', { documentId: privacy.id });

    expect(response.status).toBe(200);
    expect(response.body.documents[1]).toMatchObject({ id: privacy.id, agreedAt: null });
    expect(response.body.documents[0].agreedAt).not.toBeNull();
    const [row] = await ctx.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, member.id), eq(consents.documentId, privacy.id)));
    expect(row!.withdrawnAt?.toISOString()).toBe(ctx.clock.now().toISOString());
    const events = await auditEvents(member.id, 'consent_withdrawn');
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ documentId: privacy.id, kind: 'privacy_provision', version: 1 });

    const again = await agent.post('withdrawAssociationAgreement', { documentId: privacy.id });
    expect(again.status).toBe(200);
    expect(await auditEvents(member.id, 'consent_withdrawn')).toHaveLength(1);

    // The member can consent again later: a new consent, the withdrawn one kept as history.
    expect((await agent.post('agreeAssociationAgreements', { documentIds: [privacy.id] })).body.documents[1].agreedAt).not.toBeNull();
    expect((await consentRows(member.id)).filter((consent) => consent.documentId === privacy.id)).toHaveLength(2);
  });

  it('refuses to withdraw the terms with 400 agreement_not_withdrawable and changes nothing', async () => {
    const { association, terms } = await associationWithDocuments();
    const { member, agent } = await memberOf(association.id);
    await agent.post('agreeAssociationAgreements', { documentIds: [terms.id] });

    const response = await agent.post('withdrawAssociationAgreement', { documentId: terms.id });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'agreement_not_withdrawable',
      message: '利用規約への同意は撤回できません。すこやかの利用をやめる場合は、お問い合わせください。',
    });
    expect((await consentRows(member.id))[0]!.withdrawnAt).toBeNull();
    expect(await auditEvents(member.id, 'consent_withdrawn')).toHaveLength(0);
  });

  it("answers another association's document as not found and leaves that member's consent alone", async () => {
    const own = await associationWithDocuments();
    const other = await associationWithDocuments();
    const otherMember = await memberOf(other.association.id);
    await otherMember.agent.post('agreeAssociationAgreements', { documentIds: [other.privacy.id] });
    const { agent } = await memberOf(own.association.id);

    const response = await agent.post('withdrawAssociationAgreement', { documentId: other.privacy.id });

    expect(response.status).toBe(404);
    expect((await consentRows(otherMember.member.id))[0]!.withdrawnAt).toBeNull();
  });

  it.each([
    [{}, '規約IDを指定してください'],
    [{ documentId: 'x' }, '規約IDの形式が正しくありません'],
  ])('refuses %j with 400', async (body, message) => {
    const { association } = await associationWithDocuments();
    const { agent } = await memberOf(association.id);
    const response = await agent.post('withdrawAssociationAgreement', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});
