import { operatorAuditActionOf } from '@sukoyaka/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { auditLogs, mynaLinks, rosterEntries, users } from '../src/db/schema';
import { Agent, createAssociations, createMember, createTestContext, signedInOperator, type TestContext } from './helpers';

/*
 * Issue 27, the operators' console: the member lookup (own association only, audited without the
 * query, 400s in Japanese naming the field), the audit log's filters and labels, an edited
 * announcement as members then read it, the roster's figures, and the dashboard's series.
 */

let ctx: TestContext;
let x: string;
let y: string;
let editor: Agent;
let viewer: Agent;
let other: Agent;
let editorId: string;
let viewerId: string;

const rows = async <T>(text: string) => ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const japanDay = (offsetDays = 0) =>
  new Date(ctx.clock.now().getTime() + 9 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  [x, y] = (await createAssociations(ctx.db)) as [string, string];
  ({ id: editorId, agent: editor } = await signedInOperator(ctx, [{ associationId: x, role: 'editor' }], { name: '運営 花子' }));
  ({ id: viewerId, agent: viewer } = await signedInOperator(ctx, [{ associationId: x, role: 'viewer' }], { name: '閲覧 太郎' }));
  ({ agent: other } = await signedInOperator(ctx, [{ associationId: y, role: 'editor' }]));
});
afterAll(async () => ctx?.close());

async function memberOf(associationId: string, fields: { nickname?: string } = {}) {
  const member = await createMember(ctx.db, fields);
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, member.id));
  return member;
}

const lookups = async (operatorId: string) =>
  ctx.db
    .select({ detail: auditLogs.detail, associationId: auditLogs.associationId })
    .from(auditLogs)
    .where(and(eq(auditLogs.operatorId, operatorId), eq(auditLogs.event, 'operator_member_looked_up')));

describe('the member lookup', () => {
  it('finds the association’s member by e-mail with the support fields only, and audits who looked up whom without the address', async () => {
    const member = await memberOf(x, { nickname: 'すこやか花子' });
    const signIn = await new Agent(ctx.app).signIn(member.email, member.password);
    expect(signIn.status).toBe(200);
    await ctx.db.insert(mynaLinks).values({
      id: crypto.randomUUID(),
      userId: member.id,
      subject: 'sealed',
      accessToken: 'sealed',
      tokenExpiresAt: ctx.clock.now(),
      linkedAt: ctx.clock.now(),
    });
    const answer = await viewer.operatorPost('lookupOperatorMember', {
      associationId: x,
      by: 'email',
      email: ` ${member.email.toUpperCase()} `,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toHaveLength(1);
    const found = answer.body.members[0];
    expect(Object.keys(found).sort()).toEqual(
      [
        'associationVerifiedAt',
        'id',
        'lastSignInAt',
        'lockedUntil',
        'membershipExpiresOn',
        'mynaLinked',
        'nickname',
        'signedUpAt',
        'suspended',
      ].sort(),
    );
    expect(found).toMatchObject({ id: member.id, nickname: 'すこやか花子', lockedUntil: null, suspended: false, mynaLinked: true });
    expect(found.associationVerifiedAt).not.toBeNull();
    expect(found.lastSignInAt).not.toBeNull();
    const [entry] = await lookups(viewerId);
    expect(entry).toEqual({ associationId: x, detail: { by: 'email', found: 1, userIds: [member.id] } });
    expect(JSON.stringify(entry)).not.toContain(member.email);
  });

  it('finds by the card’s 記号・番号 from the roster (written as on the card), with the lock shown', async () => {
    const member = await memberOf(x, { nickname: 'カード会員' });
    await ctx.db
      .insert(rosterEntries)
      .values({ associationId: x, memberSymbol: '5001', memberNumber: '77', birthday: '1980-01-01', linkedUserId: member.id });
    const until = new Date(ctx.clock.now().getTime() + 10 * 60_000);
    await ctx.db.update(users).set({ lockedUntil: until }).where(eq(users.id, member.id));
    const answer = await viewer.operatorPost('lookupOperatorMember', {
      associationId: x,
      by: 'card',
      memberSymbol: '５００１',
      memberNumber: '７７',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toEqual([expect.objectContaining({ id: member.id, lockedUntil: until.toISOString(), mynaLinked: false })]);
    expect((await lookups(viewerId)).map((row) => row.detail)).toContainEqual({ by: 'card', found: 1, userIds: [member.id] });
  });

  it('never finds another association’s member, by e-mail or card; the empty lookup is audited too', async () => {
    const outsider = await memberOf(y);
    await ctx.db
      .insert(rosterEntries)
      .values({ associationId: y, memberSymbol: '6001', memberNumber: '1', birthday: '1980-01-01', linkedUserId: outsider.id });
    const byEmail = await viewer.operatorPost('lookupOperatorMember', { associationId: x, by: 'email', email: outsider.email });
    expect(byEmail.body).toEqual({ members: [] });
    const byCard = await viewer.operatorPost('lookupOperatorMember', {
      associationId: x,
      by: 'card',
      memberSymbol: '6001',
      memberNumber: '1',
    });
    expect(byCard.body).toEqual({ members: [] });
    expect((await lookups(viewerId)).map((row) => row.detail)).toContainEqual({ by: 'email', found: 0, userIds: [] });
    // Naming the other association is refused outright.
    const refused = await viewer.operatorPost('lookupOperatorMember', { associationId: y, by: 'email', email: outsider.email });
    expect(refused.status).toBe(403);
    // Its own operator finds them.
    expect(
      (await other.operatorPost('lookupOperatorMember', { associationId: y, by: 'email', email: outsider.email })).body.members,
    ).toHaveLength(1);
  });

  it('bad input is a 400 in Japanese naming the field, and nothing is audited', async () => {
    const before = (await lookups(editorId)).length;
    const noEmail = await editor.operatorPost('lookupOperatorMember', { associationId: x, by: 'email' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.fields.email).toEqual(['メールアドレスを入力してください']);
    const badEmail = await editor.operatorPost('lookupOperatorMember', { associationId: x, by: 'email', email: 'not-an-address' });
    expect(badEmail.body.fields.email[0]).toContain('メールアドレスの形式が正しくありません');
    const noNumber = await editor.operatorPost('lookupOperatorMember', { associationId: x, by: 'card', memberSymbol: '5001' });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.fields.memberNumber).toEqual(['番号を入力してください']);
    const badKind = await editor.operatorPost('lookupOperatorMember', { associationId: x, by: 'phone', email: 'a@example.jp' });
    expect(badKind.body.fields.by).toEqual(['検索の方法を選んでください']);
    expect(await lookups(editorId)).toHaveLength(before);
  });
});

describe('the audit log in Japanese: labels, filters, paging', () => {
  it('every operator row the console wrote has a labelled action', async () => {
    const events = await ctx.db.selectDistinct({ event: auditLogs.event }).from(auditLogs).where(isNotNull(auditLogs.operatorId));
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((row) => operatorAuditActionOf(row.event) === null)).toEqual([]);
  });

  it('filters by action, operator and period, and pages through what remains', async () => {
    const csv = 'member_symbol,member_number,birthday\n8001,1,1990-01-01\n';
    expect((await editor.operatorPost('importOperatorRoster', { associationId: x, csv })).status).toBe(200);
    const byAction = await viewer.get('listOperatorAuditLogs', { associationId: x, action: 'roster_imported' });
    expect(byAction.status).toBe(200);
    expect(byAction.body.entries.map((entry: { event: string }) => entry.event)).toEqual(['operator_roster_imported']);
    const byOperator = await viewer.get('listOperatorAuditLogs', { associationId: x, operatorId: viewerId });
    expect(byOperator.body.entries.length).toBeGreaterThan(0);
    expect(new Set(byOperator.body.entries.map((entry: { operatorName: string }) => entry.operatorName))).toEqual(new Set(['閲覧 太郎']));
    const today = await viewer.get('listOperatorAuditLogs', { associationId: x, from: japanDay(), to: japanDay() });
    expect(today.body.entries.length).toBeGreaterThan(0);
    const yesterday = await viewer.get('listOperatorAuditLogs', { associationId: x, from: japanDay(-1), to: japanDay(-1) });
    expect(yesterday.body.entries).toEqual([]);
    const first = await viewer.get('listOperatorAuditLogs', { associationId: x, operatorId: viewerId, limit: '1' });
    expect(first.body.entries).toHaveLength(1);
    const second = await viewer.get('listOperatorAuditLogs', {
      associationId: x,
      operatorId: viewerId,
      limit: '1',
      cursor: first.body.nextCursor,
    });
    expect(second.body.entries[0].id).not.toBe(first.body.entries[0].id);
    // Another association's operator's rows never appear.
    expect((await other.get('listOperatorAuditLogs', { associationId: x })).status).toBe(403);
  });

  it('refuses an unknown action or a period ending before it starts, in Japanese naming the field', async () => {
    const unknown = await viewer.get('listOperatorAuditLogs', { associationId: x, action: 'sign_in_twice' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.action).toEqual(['操作の種類を一覧から選んでください']);
    const backwards = await viewer.get('listOperatorAuditLogs', { associationId: x, from: '2026-05-02', to: '2026-05-01' });
    expect(backwards.body.fields.to).toEqual(['終了日は開始日以降の日付を入力してください']);
  });

  it('lists the association’s operators for the filter, by name', async () => {
    const staff = await viewer.get('listOperatorStaff', { associationId: x });
    expect(staff.body.operators).toEqual([
      { id: editorId, name: '運営 花子' },
      { id: viewerId, name: '閲覧 太郎' },
    ]);
  });
});

describe('an edited announcement', () => {
  it('members read the new text; the edit is audited with the fields it changed', async () => {
    const member = await memberOf(x);
    const reader = new Agent(ctx.app);
    expect((await reader.signIn(member.email, member.password)).status).toBe(200);
    const fields = {
      title: '健診のお知らせ',
      category: 'info' as const,
      body: '受付は10月からです。',
      publishFrom: new Date(ctx.clock.now().getTime() - 60_000).toISOString(),
    };
    const created = await editor.operatorPost('createOperatorAnnouncement', { associationId: x, publish: true, ...fields });
    const edited = await editor.operatorPost('updateOperatorAnnouncement', {
      associationId: x,
      announcementId: created.body.id,
      ...fields,
      body: '受付は11月からに変わりました。',
    });
    expect(edited.body).toMatchObject({ state: 'published', body: '受付は11月からに変わりました。' });
    const read = await reader.post('readAnnouncement', { announcementId: created.body.id });
    expect(read.body.body).toBe('受付は11月からに変わりました。');
    const [entry] = await ctx.db
      .select({ detail: auditLogs.detail })
      .from(auditLogs)
      .where(and(eq(auditLogs.operatorId, editorId), eq(auditLogs.event, 'operator_announcement_updated')));
    expect(entry!.detail).toEqual({ announcementId: created.body.id, changed: ['body'] });
  });
});

describe('the roster’s figures', () => {
  it('counts the association’s entries and those linked, and when it was last imported', async () => {
    const summary = await viewer.get('getOperatorRosterSummary', { associationId: x });
    expect(summary.status).toBe(200);
    const [expected] = await rows<{ entries: number; linked: number }>(
      `select count(*)::int as entries, count(linked_user_id)::int as linked from roster_entries where association_id = '${x}'`,
    );
    expect(summary.body).toMatchObject(expected!);
    expect(summary.body.entries).toBeGreaterThanOrEqual(2);
    expect(summary.body.linked).toBeGreaterThanOrEqual(1);
    expect(summary.body.lastImportedAt).not.toBeNull();
    expect((await other.get('getOperatorRosterSummary', { associationId: x })).status).toBe(403);
  });
});

describe('the dashboard’s series (charts)', () => {
  it('active members per day and per week (the week by its Monday) count only the association', async () => {
    const [one, two, outsider] = [await memberOf(x), await memberOf(x), await memberOf(y)];
    // Fixed days in the past (Japan noon), so the week is known: 2026-03-02 is a Monday.
    for (const statement of [
      `insert into weights (user_id, measured_at, weight, source) values
         ('${one.id}', '2026-03-02T12:00:00+09:00', 65.0, 'manual'), ('${one.id}', '2026-03-03T12:00:00+09:00', 65.2, 'manual'),
         ('${two.id}', '2026-03-03T12:00:00+09:00', 70.0, 'manual'), ('${outsider.id}', '2026-03-03T12:00:00+09:00', 80.0, 'manual'),
         ('${two.id}', '2026-03-09T12:00:00+09:00', 70.1, 'manual')`,
    ]) {
      await ctx.db.execute(sql.raw(statement));
    }
    const health = await viewer.get('getOperatorHealthStats', { associationId: x, from: '2026-03-01', to: '2026-03-10' });
    expect(health.status).toBe(200);
    const count = (series: Array<{ day: string; count: number }>, day: string) => series.find((item) => item.day === day)?.count;
    expect(health.body.activeMembersPerDay).toHaveLength(10);
    expect(count(health.body.activeMembersPerDay, '2026-03-02')).toBe(1);
    expect(count(health.body.activeMembersPerDay, '2026-03-03')).toBe(2);
    expect(count(health.body.recordsPerDay, '2026-03-03')).toBe(2);
    // Weeks by their Monday: 02-23 (the period's first day, a Sunday, in it), 03-02, 03-09.
    expect(health.body.activeMembersPerWeek).toEqual([
      { day: '2026-02-23', count: 0 },
      { day: '2026-03-02', count: 2 },
      { day: '2026-03-09', count: 1 },
    ]);
  });
});
