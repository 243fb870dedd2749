import { and, eq } from 'drizzle-orm';
import { auditLogs, users } from '../src/db/schema';
import { testContextForFile, Agent, createMember, signInAgent } from './helpers';

/*
 * Issue 27, onboarding: after the first sign-in a new member is welcomed (nickname, height, a
 * daily step goal, a device), each step skippable, and never asked twice: getNavigationInfo sends
 * them to /onboarding until finishOnboarding records, on the server, that they finished or skipped.
 */

const ctx = testContextForFile();

const onboardedAt = async (userId: string) =>
  (await ctx.db.select({ at: users.onboardedAt }).from(users).where(eq(users.id, userId)))[0]!.at;

const audited = (userId: string) =>
  ctx.db
    .select({ detail: auditLogs.detail })
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, 'onboarding_finished')));

describe('the first sign-in sends a new member to /onboarding until they finish it', () => {
  it('names /onboarding last, after the address, the association and the terms, and no more once finished', async () => {
    const member = await createMember(ctx.db, { onboarded: false, email: `hanako.sato-${Date.now()}@example.jp` });
    const agent = await signInAgent(ctx, member);
    expect((await agent.get('getNavigationInfo')).body.next).toBe('/onboarding');

    // Unverified, the address comes first.
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, member.id));
    expect((await agent.get('getNavigationInfo')).body.next).toBe('/email_not_verified');
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));

    // The welcome's steps are the ordinary calls: the nickname and height, the step goal.
    expect((await agent.post('updateProfile', { nickname: 'はなこ', height: 158.5 })).status).toBe(200);
    expect((await agent.post('saveVitalGoals', { dailySteps: 8000 })).status).toBe(200);
    const finished = await agent.post('finishOnboarding', { skipped: false });
    expect(finished.status).toBe(200);
    expect(finished.body).toEqual({ onboardedAt: ctx.clock.now().toISOString() });
    expect((await agent.get('getNavigationInfo')).body.next).toBeNull();
    expect((await agent.get('getUserInfo')).body).toMatchObject({ nickname: 'はなこ', height: 158.5 });
    expect(await audited(member.id)).toEqual([{ detail: { skipped: false } }]);

    // Never asked twice: not on the next sign-in, and a second finish changes nothing.
    const first = await onboardedAt(member.id);
    ctx.clock.advance(60_000);
    const again = await signInAgent(ctx, member);
    expect((await again.get('getNavigationInfo')).body.next).toBeNull();
    const repeated = await again.post('finishOnboarding', { skipped: true });
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual({ onboardedAt: first!.toISOString() });
    expect(await onboardedAt(member.id)).toEqual(first);
    expect(await audited(member.id)).toHaveLength(1);
  });

  it('skipping the whole welcome is recorded as skipped, and the member is not asked again', async () => {
    const member = await createMember(ctx.db, { onboarded: false });
    const agent = await signInAgent(ctx, member);
    expect((await agent.post('finishOnboarding', { skipped: true })).status).toBe(200);
    expect((await agent.get('getNavigationInfo')).body.next).toBeNull();
    expect(await audited(member.id)).toEqual([{ detail: { skipped: true } }]);
  });

  it('members who were there before the welcome are not asked', async () => {
    const established = await createMember(ctx.db);
    expect((await (await signInAgent(ctx, established)).get('getNavigationInfo')).body.next).toBeNull();
  });

  it('refuses a visitor and malformed input without recording anything', async () => {
    const visitor = new Agent(ctx.app);
    expect((await visitor.post('finishOnboarding', { skipped: false })).status).toBe(401);
    const member = await createMember(ctx.db, { onboarded: false });
    const agent = await signInAgent(ctx, member);
    const refused = await agent.post('finishOnboarding', { skipped: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_parameters');
    expect(await onboardedAt(member.id)).toBeNull();
  });
});
