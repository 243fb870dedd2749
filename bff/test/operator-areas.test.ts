import { sql } from 'drizzle-orm';
import { Agent, createAssociations, createMember, createTestContext, signedInOperator, type TestContext } from './helpers';

/*
 * Issue 14, operators: the calls each area gives them — the dashboard's figures (account: members
 * and sign-ups; health: records per day and active members; incentives: points granted and
 * redeemed), the roster import, point programs and gifts, the supervising physician — limited to
 * the operator's associations, writes for editors only, every write audited.
 */

let ctx: TestContext;
let x: string;
let y: string;
let editor: Agent;
let viewer: Agent;
let editorId: string;

const rows = async <T>(text: string) => ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const today = () => new Date(ctx.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(ctx.clock.now().getTime() + 9 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  [x, y] = (await createAssociations(ctx.db)) as [string, string];
  ({ id: editorId, agent: editor } = await signedInOperator(ctx, [{ associationId: x, role: 'editor' }]));
  ({ agent: viewer } = await signedInOperator(ctx, [{ associationId: x, role: 'viewer' }]));
});
afterAll(async () => ctx?.close());

async function memberOf(associationId: string, createdDaysAgo = 0) {
  const member = await createMember(ctx.db);
  await ctx.db.execute(
    sql.raw(
      `update users set association_id = '${associationId}', created_at = now() - interval '${createdDaysAgo} days' where id = '${member.id}'`,
    ),
  );
  return member;
}

describe('the dashboard figures, per association', () => {
  it('members and sign-ups per day count only the association’s own members; another association is refused', async () => {
    await memberOf(x, 0);
    await memberOf(x, 0);
    await memberOf(x, 2);
    await memberOf(y, 0);
    const answer = await viewer.get('getOperatorMemberStats', { associationId: x, from: daysAgo(6), to: today() });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toBe(3);
    expect(answer.body.signUps).toHaveLength(7);
    expect(answer.body.signUps.at(-1)).toEqual({ day: today(), count: 2 });
    expect(answer.body.signUps.find((item: { day: string }) => item.day === daysAgo(2)).count).toBe(1);
    expect(answer.body.signUpTotal).toBe(3);
    const other = await viewer.get('getOperatorMemberStats', { associationId: y, from: daysAgo(6), to: today() });
    expect(other.status).toBe(403);
  });

  it('a period longer than a year, or ending before it starts, is a 400 naming the field', async () => {
    const long = await viewer.get('getOperatorMemberStats', { associationId: x, from: '2024-01-01', to: '2025-06-01' });
    expect(long.status).toBe(400);
    expect(long.body.fields.to[0]).toContain('366日以内');
    const backwards = await viewer.get('getOperatorMemberStats', { associationId: x, from: '2024-05-02', to: '2024-05-01' });
    expect(backwards.body.fields.to[0]).toContain('開始日以降');
  });

  it('records per day and active members (7 and 30 days) come from every vital of the association’s members', async () => {
    const active = await memberOf(x);
    const earlier = await memberOf(x);
    const outsider = await memberOf(y);
    for (const statement of [
      `insert into weights (user_id, measured_at, weight, source) values
         ('${active.id}', now(), 65.0, 'manual'), ('${earlier.id}', now() - interval '20 days', 70.0, 'manual'), ('${outsider.id}', now(), 80.0, 'manual')`,
      `insert into blood_pressures (user_id, measured_at, systolic, diastolic, source) values ('${active.id}', now(), 120, 80, 'manual')`,
      `insert into steps (user_id, day, steps, source) values ('${active.id}', '${today()}', 8000, 'manual')`,
    ]) {
      await ctx.db.execute(sql.raw(statement));
    }
    const answer = await viewer.get('getOperatorHealthStats', { associationId: x, from: daysAgo(6), to: today() });
    expect(answer.status).toBe(200);
    expect(answer.body.recordsPerDay.at(-1)).toEqual({ day: today(), count: 3 });
    expect(answer.body.recordTotal).toBe(3);
    expect(answer.body.activeMembers7).toBe(1);
    expect(answer.body.activeMembers30).toBe(2);
  });
});

describe('the roster import', () => {
  const csv = 'member_symbol,member_number,birthday\n7001,1,1990-01-01\n7001,2,1991-02-03\n';

  it('imports all rows for an editor, audited; again, the rows are already there', async () => {
    const answer = await editor.operatorPost('importOperatorRoster', { associationId: x, csv });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, imported: 2, alreadyPresent: 0 });
    const again = await editor.operatorPost('importOperatorRoster', { associationId: x, csv });
    expect(again.body).toEqual({ ok: true, imported: 0, alreadyPresent: 2 });
    const [entries] = await rows<{ n: number }>(
      `select count(*)::int as n from roster_entries where association_id = '${x}' and member_symbol = '7001'`,
    );
    expect(entries!.n).toBe(2);
    const audits = await rows<{ operator_id: string; association_id: string }>(
      `select operator_id, association_id from audit_logs where event = 'operator_roster_imported'`,
    );
    expect(audits).toContainEqual({ operator_id: editorId, association_id: x });
  });

  it('imports nothing while any row is wrong, and answers the wrong lines', async () => {
    const answer = await editor.operatorPost('importOperatorRoster', {
      associationId: x,
      csv: 'member_symbol,member_number,birthday\n7002,1,1990-01-01\n7002,2,1990-13-01\n7002\n',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(false);
    expect(answer.body.errors.map((error: { line: number }) => error.line)).toEqual([3, 4]);
    const [entries] = await rows<{ n: number }>(`select count(*)::int as n from roster_entries where member_symbol = '7002'`);
    expect(entries!.n).toBe(0);
  });

  it('a viewer cannot import (403) and another association is refused (403); nothing is written', async () => {
    expect((await viewer.operatorPost('importOperatorRoster', { associationId: x, csv: csv.replace(/7001/g, '7003') })).status).toBe(403);
    expect((await editor.operatorPost('importOperatorRoster', { associationId: y, csv: csv.replace(/7001/g, '7003') })).status).toBe(403);
    const [entries] = await rows<{ n: number }>(`select count(*)::int as n from roster_entries where member_symbol = '7003'`);
    expect(entries!.n).toBe(0);
  });
});

describe('point programs and gifts', () => {
  let programId: string;

  it('an editor creates a program with its menus and adds a digital gift and its codes; the list shows them', async () => {
    const created = await editor.operatorPost('createOperatorPointProgram', {
      associationId: x,
      name: '健康ポイント',
      menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
    });
    expect(created.status).toBe(200);
    programId = created.body.id;
    const gift = await editor.operatorPost('addOperatorGift', { programId, name: 'QUOカードPay 500円分', cost: 500, kind: 'digital_code' });
    expect(gift.status).toBe(200);
    const codes = await editor.operatorPost('importOperatorGiftCodes', { giftId: gift.body.id, csv: 'code\nQUO-0001\nQUO-0002\n' });
    expect(codes.body).toEqual({ ok: true, imported: 2 });
    const wrong = await editor.operatorPost('importOperatorGiftCodes', { giftId: gift.body.id, csv: 'QUO-0003\nQUO-0003\nx\n' });
    expect(wrong.body.ok).toBe(false);
    expect(wrong.body.errors).toEqual(
      expect.arrayContaining(['2行目: 1行目と同じコードです。', '3行目: コードは英数字とハイフンで4〜64文字にしてください。']),
    );

    const list = await viewer.get('listOperatorPointPrograms', { associationId: x });
    expect(list.body.programs).toEqual([
      expect.objectContaining({
        id: programId,
        name: '健康ポイント',
        menus: [expect.objectContaining({ title: '体重を記録', points: 10, eventKind: 'vital_recorded:weight', dailyLimit: 1 })],
        gifts: [expect.objectContaining({ name: 'QUOカードPay 500円分', codesAvailable: 2 })],
      }),
    ]);
    const events = (await rows<{ event: string }>(`select event from audit_logs where operator_id = '${editorId}'`)).map(
      (row) => row.event,
    );
    expect(events).toEqual(
      expect.arrayContaining(['operator_point_program_created', 'operator_gift_added', 'operator_gift_codes_imported']),
    );
  });

  it('a vital menu without its vital type is a 400 naming the field', async () => {
    const answer = await editor.operatorPost('addOperatorPointMenus', {
      programId,
      menus: [{ kind: 'vital_recorded', title: '記録', points: 1 }],
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields)[0]).toMatch(/vitalType/);
  });

  it('a viewer cannot change a program (403); another association’s operator does not find it (404)', async () => {
    expect(
      (await viewer.operatorPost('addOperatorPointMenus', { programId, menus: [{ kind: 'step_goal_reached', title: '歩数', points: 5 }] }))
        .status,
    ).toBe(403);
    ctx.clock.advance(31_000);
    const { agent: stranger } = await signedInOperator(ctx, [{ associationId: y, role: 'editor' }]);
    const answer = await stranger.operatorPost('addOperatorGift', { programId, name: '景品', cost: 1, kind: 'delivery' });
    expect(answer.status).toBe(404);
    expect((await stranger.get('listOperatorPointPrograms', { associationId: x })).status).toBe(403);
  });

  it('grants and revokes a member’s points with a reason; a member of another association is not found; the figures count them', async () => {
    const member = await memberOf(x);
    const grant = await editor.operatorPost('adjustOperatorPoints', {
      programId,
      memberEmail: member.email,
      direction: 'grant',
      amount: 300,
      reason: 'お詫び',
    });
    expect(grant.status).toBe(200);
    expect(grant.body.balance).toBe(300);
    const revoke = await editor.operatorPost('adjustOperatorPoints', {
      programId,
      memberEmail: member.email,
      direction: 'revoke',
      amount: 500,
      reason: '誤付与',
    });
    expect(revoke.status).toBe(409);
    const outsider = await memberOf(y);
    const stranger = await editor.operatorPost('adjustOperatorPoints', {
      programId,
      memberEmail: outsider.email,
      direction: 'grant',
      amount: 1,
      reason: 'x',
    });
    expect(stranger.status).toBe(404);

    const stats = await viewer.get('getOperatorPointStats', { associationId: x, from: daysAgo(6), to: today() });
    expect(stats.body.grantedTotal).toBe(300);
    expect(stats.body.granted.at(-1)).toEqual({ day: today(), count: 300 });
    expect(stats.body.redeemedTotal).toBe(0);
  });
});

describe('the supervising physician', () => {
  const profile = {
    name: '山田 一郎',
    nameKana: 'やまだ いちろう',
    title: '健康保険組合 産業医',
    specialty: '内科・循環器',
    qualifications: ['日本内科学会 総合内科専門医'],
    career: ['2005年 医師免許取得'],
    message: '毎日の記録が健康の第一歩です。',
  };

  it('an editor sets it, members of the association see it, a viewer cannot change it', async () => {
    expect((await viewer.get('getOperatorDoctorProfile', { associationId: x })).body).toEqual({ profile: null });
    expect((await viewer.operatorPost('updateOperatorDoctorProfile', { associationId: x, profile })).status).toBe(403);
    const saved = await editor.operatorPost('updateOperatorDoctorProfile', { associationId: x, profile });
    expect(saved.status).toBe(200);
    expect((await viewer.get('getOperatorDoctorProfile', { associationId: x })).body.profile).toMatchObject({ name: '山田 一郎' });

    const member = await memberOf(x);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    expect((await agent.get('getDoctorProfile')).body.profile).toMatchObject({ name: '山田 一郎', specialty: '内科・循環器' });
    const audits = await rows<{ n: number }>(
      `select count(*)::int as n from audit_logs where event = 'operator_doctor_profile_updated' and association_id = '${x}'`,
    );
    expect(audits[0]!.n).toBe(1);
  });
});
