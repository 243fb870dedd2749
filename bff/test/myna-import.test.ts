import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { mynaDispensings, mynaImportJobs, mynaLinks, mynaMedicalBills, mynaMedicalExams } from '../src/db/schema';
import { requestImport } from '../src/myna/imports';
import { testContextForFile } from './helpers';
import { agreeTerms, fakePortal, importNow, importedMember, link, registerSecret, signedIn } from './myna-helpers';

/*
 * Issue 12, the import: a background job with progress, one at a time per member, a second import
 * adding only what is new, and a failure keeping what was imported before — against the fake
 * portal's switches (fail a collection part-way, a new check-up, revoked tokens).
 */

const ctx = testContextForFile({}, {}, { fakes: ['mynaPortal'] });
beforeEach(() => {
  fakePortal(ctx).reset();
});

async function held(userId: string) {
  const rows = async (table: typeof mynaMedicalExams | typeof mynaDispensings | typeof mynaMedicalBills) =>
    (await ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  return { medicalExams: await rows(mynaMedicalExams), medicines: await rows(mynaDispensings), medicalBills: await rows(mynaMedicalBills) };
}

test('an import fetches every kind, reports its progress and counts; a second import adds nothing; a new check-up is added alone', async () => {
  const fake = fakePortal(ctx);
  const served = fake.records();
  const { member, agent, job } = await importedMember(ctx);
  expect(job).toMatchObject({
    status: 'succeeded',
    phase: 'done',
    failureReason: null,
    counts: {
      medicalExams: { fetched: served.checkups.length, added: served.checkups.length },
      medicines: { fetched: served.medicines.length, added: served.medicines.length },
      medicalBills: { fetched: served.medicalBills.length, added: served.medicalBills.length },
    },
  });
  expect(job.startedAt).not.toBeNull();
  expect(job.finishedAt).not.toBeNull();
  const first = await held(member.id);
  expect(first).toEqual({ medicalExams: 3, medicines: served.medicines.length, medicalBills: served.medicalBills.length });
  const state = await agent.get('getMynaConnectionState');
  expect(state.body).toMatchObject({ linked: true, hasRecords: true });
  expect(state.body.lastImportedAt).not.toBeNull();

  const second = await importNow(ctx, agent);
  expect(second.status).toBe('succeeded');
  expect(second.counts.medicalExams.added + second.counts.medicines.added + second.counts.medicalBills.added).toBe(0);
  expect(await held(member.id)).toEqual(first);

  fake.addCheckup(undefined, '2026-11-10');
  const third = await importNow(ctx, agent);
  expect(third.counts.medicalExams).toEqual({ fetched: 1, added: 1 });
  expect(await held(member.id)).toEqual({ ...first, medicalExams: 4 });
});

test('a failure part-way marks the job failed with a Japanese reason and keeps what was imported before; the next import completes', async () => {
  const fake = fakePortal(ctx);
  const { member, agent } = await signedIn(ctx);
  await agreeTerms(agent);
  await link(agent);
  await registerSecret(agent);
  fake.failAfter('medicines', 2);
  const failed = await importNow(ctx, agent);
  expect(failed.status).toBe('failed');
  expect(failed.failureReason).toContain('マイナポータルと通信できなかったため');
  expect(failed.failureReason).toContain('それまでに取り込んだ情報は保存されています');
  expect(failed.counts.medicalExams.added).toBe(3);
  expect(await held(member.id)).toEqual({ medicalExams: 3, medicines: 0, medicalBills: 0 });

  fake.failAfter('medicines', null);
  const retried = await importNow(ctx, agent);
  expect(retried.status).toBe('succeeded');
  expect(retried.counts.medicalExams.added).toBe(0);
  const after = await held(member.id);
  expect(after.medicalExams).toBe(3);
  expect(after.medicines).toBe(fake.records().medicines.length);
  expect(after.medicalBills).toBe(fake.records().medicalBills.length);
});

test('a grant the portal no longer accepts fails the import, asking the member to link again; the state says so and imports wait for a new link', async () => {
  const { member, agent } = await importedMember(ctx);
  fakePortal(ctx).revokeSubject();
  const failed = await importNow(ctx, agent);
  expect(failed.status).toBe('failed');
  expect(failed.failureReason).toContain('もう一度マイナンバーカードで連携');
  expect((await held(member.id)).medicalExams).toBe(3);
  // Member-visible, not a silent failure: the connection asks for a new link, and an import says why it cannot start.
  expect((await agent.get('getMynaConnectionState')).body).toMatchObject({ linked: true, relinkRequired: true });
  const refused = await agent.post('createMynaImport', {});
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'myna_relink_required' });
  expect(refused.body.message).toContain('マイナンバーカードでもう一度連携してください');

  const relinked = await link(agent);
  expect(relinked.connection).toMatchObject({ linked: true, relinkRequired: false });
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
});

describe('issue 25 #1: imports keep working for as long as the consent does', () => {
  afterEach(() => fakePortal(ctx).setAccessTokenTtl(null));

  test('60-second tokens: the first import needs no refresh; after the expiry (by the bff’s clock) the token is refreshed and imports go on', async () => {
    const fake = fakePortal(ctx);
    fake.setAccessTokenTtl(60);
    const { member, agent } = await signedIn(ctx);
    await agreeTerms(agent);
    await link(agent);
    await registerSecret(agent);
    const before = fake.refreshCount();
    expect((await importNow(ctx, agent)).status).toBe('succeeded');
    expect(fake.refreshCount()).toBe(before);

    ctx.clock.advance(61_000);
    expect((await importNow(ctx, agent)).status).toBe('succeeded');
    expect(fake.refreshCount()).toBe(before + 1);
    const [stored] = await ctx.db.select().from(mynaLinks).where(eq(mynaLinks.userId, member.id));
    expect(stored!.tokenExpiresAt.getTime()).toBe(ctx.clock.now().getTime() + 60_000);
    expect(stored!.refreshToken).not.toBeNull();
  });

  test('a token the portal ended before our clock says answers 401: refreshed once, and the import goes on', async () => {
    const fake = fakePortal(ctx);
    const { agent } = await importedMember(ctx);
    const before = fake.refreshCount();
    fake.expireAccessTokens();
    const job = await importNow(ctx, agent);
    expect(job.status).toBe('succeeded');
    expect(fake.refreshCount()).toBe(before + 1);
  });

  test('a link without a refresh token reads until its token expires; then the member is asked to link again', async () => {
    const { member, agent } = await importedMember(ctx);
    // As a link made when the portal gave no refresh token (it was not asked with prompt=consent).
    await ctx.db.update(mynaLinks).set({ refreshToken: null }).where(eq(mynaLinks.userId, member.id));
    expect((await agent.get('getMynaConnectionState')).body.relinkRequired).toBe(false);
    expect((await importNow(ctx, agent)).status).toBe('succeeded');
    ctx.clock.advance(3601_000);
    expect((await agent.get('getMynaConnectionState')).body.relinkRequired).toBe(true);
    expect((await agent.post('createMynaImport', {})).status).toBe(409);
  });
});

test('one import at a time per member: asking again while one is queued answers that one', async () => {
  const { member, agent } = await signedIn(ctx);
  await agreeTerms(agent);
  await link(agent);
  await registerSecret(agent);
  const first = await requestImport(ctx.db, null, member.id, ctx.clock.now());
  const second = await requestImport(ctx.db, null, member.id, ctx.clock.now());
  expect(second.id).toBe(first.id);
  const viaCall = await agent.post('createMynaImport', {});
  expect(viaCall.status).toBe(200);
  expect(viaCall.body.import).toMatchObject({ id: first.id, status: 'queued' });
  await ctx.app.mynaImports!.drain();
  const jobs = await ctx.db.select().from(mynaImportJobs).where(eq(mynaImportJobs.userId, member.id));
  expect(jobs.every((job) => job.status === 'succeeded')).toBe(true);
});

test('an import needs the link and a registered secret question, and stops when consent is withdrawn', async () => {
  const { agent, member } = await signedIn(ctx);
  await agreeTerms(agent);
  const unlinked = await agent.post('createMynaImport', {});
  expect(unlinked.status).toBe(409);
  expect(unlinked.body.code).toBe('myna_not_linked');
  await link(agent);
  const noQuestion = await agent.post('createMynaImport', {});
  expect(noQuestion.status).toBe(409);
  expect(noQuestion.body.code).toBe('myna_secret_question_required');
  await registerSecret(agent);

  const queued = await requestImport(ctx.db, null, member.id, ctx.clock.now());
  expect((await agent.post('withdrawMynaAgreement', {})).status).toBe(200);
  await ctx.app.mynaImports!.drain();
  const [job] = await ctx.db.select().from(mynaImportJobs).where(eq(mynaImportJobs.id, queued.id));
  expect(job!.status).toBe('failed');
  expect(job!.failureReason).toContain('同意が撤回された');
  expect((await held(member.id)).medicalExams).toBe(0);
});

test('a job left running by a process that stopped is taken up again once its lease has run out', async () => {
  const { member, agent } = await signedIn(ctx);
  await agreeTerms(agent);
  await link(agent);
  await registerSecret(agent);
  const id = randomUUID();
  const past = new Date(ctx.clock.now().getTime() - 60 * 60 * 1000);
  await ctx.db.insert(mynaImportJobs).values({
    id,
    userId: member.id,
    status: 'running',
    phase: 'medicines',
    counts: {},
    attempts: 1,
    claimedUntil: past,
    requestedAt: past,
    startedAt: past,
  });
  await ctx.app.mynaImports!.drain();
  const [job] = await ctx.db.select().from(mynaImportJobs).where(eq(mynaImportJobs.id, id));
  expect(job!.status).toBe('succeeded');
  expect(job!.attempts).toBe(2);
  expect((await held(member.id)).medicalExams).toBe(3);
});
