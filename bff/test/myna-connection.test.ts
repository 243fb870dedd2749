import { eq } from 'drizzle-orm';
import { mynaAgreements, mynaAuthorizations, mynaLinks } from '../src/db/schema';
import { testContextForFile, Agent } from './helpers';
import { agreeTerms, approve, fakePortal, link, signedIn, startAuthorization } from './myna-helpers';

/*
 * Issue 12, the flow: consent to the versioned terms (required before linking or importing,
 * withdrawable, history kept) and the OpenID Connect authorization with PKCE and a single-use
 * state and nonce bound to the session, over real HTTP against the local fake portal.
 */

const ctx = testContextForFile({}, {}, { fakes: ['mynaPortal'] });
beforeEach(() => {
  fakePortal(ctx).reset();
});

describe('consent (PHR guideline: versioned, withdrawable, history kept)', () => {
  test('the terms say what is fetched and for what; linking and importing are refused until the member agrees', async () => {
    const { agent } = await signedIn(ctx);
    const terms = await agent.get('getMynaAgreement');
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ version: 1, agreed: false, agreedVersion: null, history: [] });
    expect(terms.body.dataItems.map((item: { name: string }) => item.name)).toEqual(['特定健診情報', '薬剤情報', '医療費通知情報']);
    expect(terms.body.sections.map((section: { heading: string }) => section.heading)).toEqual(
      expect.arrayContaining(['取得する情報', '利用の目的', '書き出しと削除', '同意の撤回']),
    );

    for (const call of ['getMynaAuthorizationURL', 'createMynaImport'] as const) {
      const refused = await agent.post(call, {});
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('myna_agreement_required');
    }
    const state = await agent.get('getMynaConnectionState');
    expect(state.body.agreement).toEqual({ agreed: false, currentVersion: 1, agreedVersion: null });
  });

  test('agreeing to an old version is refused; agreeing twice records once; withdrawing stops linking and keeps the history', async () => {
    const { agent, member } = await signedIn(ctx);
    const outdated = await agent.post('createMynaAgreement', { version: 0 });
    expect(outdated.status).toBe(400);
    const wrong = await agent.post('createMynaAgreement', { version: 2 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('myna_agreement_outdated');

    const agreed = await agreeTerms(agent);
    expect(agreed).toMatchObject({ agreed: true, agreedVersion: 1 });
    await agreeTerms(agent);
    expect(await ctx.db.select().from(mynaAgreements).where(eq(mynaAgreements.userId, member.id))).toHaveLength(1);
    expect((await agent.post('getMynaAuthorizationURL', {})).status).toBe(200);

    const withdrawn = await agent.post('withdrawMynaAgreement', {});
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ agreed: false, agreedVersion: null, agreedAt: null });
    expect(withdrawn.body.history.map((entry: { action: string }) => entry.action)).toEqual(['withdrawn', 'agreed']);
    const refused = await agent.post('getMynaAuthorizationURL', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('myna_agreement_required');
  });
});

describe('authorization: PKCE, single-use state and nonce bound to the session', () => {
  test('the portal address carries S256 PKCE, the state and a nonce; only their hashes are stored and the verifier is sealed', async () => {
    const { agent, member } = await signedIn(ctx);
    await agreeTerms(agent);
    const url = new URL(await startAuthorization(agent));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const state = url.searchParams.get('state')!;
    const nonce = url.searchParams.get('nonce')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(nonce.length).toBeGreaterThanOrEqual(32);
    const [row] = await ctx.db.select().from(mynaAuthorizations).where(eq(mynaAuthorizations.userId, member.id));
    expect(JSON.stringify(row)).not.toContain(state);
    expect(JSON.stringify(row)).not.toContain(nonce);
    expect(row!.codeVerifier).toMatch(/^v1:/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);
  });

  test('a successful callback stores the link with sealed tokens and answers /complete', async () => {
    const { agent, member } = await signedIn(ctx);
    await agreeTerms(agent);
    const body = await link(agent);
    expect(body.nextPath).toBe('/myna_connection/complete');
    expect(body.connection).toMatchObject({ linked: true, agreement: { agreed: true } });
    const [row] = await ctx.db.select().from(mynaLinks).where(eq(mynaLinks.userId, member.id));
    expect(row!.accessToken).toMatch(/^v1:/);
    expect(row!.subject).toMatch(/^v1:/);
  });

  test('a state is used once: the second callback with it is refused (400 myna_state_invalid), as is an unknown one', async () => {
    const { agent } = await signedIn(ctx);
    await agreeTerms(agent);
    const callback = await approve(await startAuthorization(agent));
    expect((await agent.post('verifyMynaAuthorization', callback)).status).toBe(200);
    const replay = await agent.post('verifyMynaAuthorization', callback);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('myna_state_invalid');
    const unknown = await agent.post('verifyMynaAuthorization', { code: callback.code, state: 'never-issued-state' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('myna_state_invalid');
  });

  test("another session's state is refused (403) and stays usable by its own session", async () => {
    const { agent, member } = await signedIn(ctx);
    await agreeTerms(agent);
    const callback = await approve(await startAuthorization(agent));
    // The same member in another browser.
    const other = new Agent(ctx.app);
    expect((await other.signIn(member.email, member.password)).status).toBe(200);
    const mismatch = await other.post('verifyMynaAuthorization', callback);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.code).toBe('myna_state_mismatch');
    // Another member altogether.
    const { agent: stranger } = await signedIn(ctx);
    await agreeTerms(stranger);
    expect((await stranger.post('verifyMynaAuthorization', callback)).status).toBe(403);
    expect((await agent.post('verifyMynaAuthorization', callback)).status).toBe(200);
  });

  test('a state older than ten minutes is refused', async () => {
    const { agent } = await signedIn(ctx);
    await agreeTerms(agent);
    const callback = await approve(await startAuthorization(agent));
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    try {
      const expired = await agent.post('verifyMynaAuthorization', callback);
      expect(expired.status).toBe(400);
      expect(expired.body.code).toBe('myna_state_invalid');
    } finally {
      ctx.clock.set(new Date());
    }
  });

  test('a code the portal refuses answers 400 myna_code_invalid, and the state is used up', async () => {
    const { agent, member } = await signedIn(ctx);
    await agreeTerms(agent);
    const callback = await approve(await startAuthorization(agent));
    fakePortal(ctx).refuseCodes();
    const refused = await agent.post('verifyMynaAuthorization', callback);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('myna_code_invalid');
    expect((await agent.post('verifyMynaAuthorization', callback)).body.code).toBe('myna_state_invalid');
    expect(await ctx.db.select().from(mynaLinks).where(eq(mynaLinks.userId, member.id))).toHaveLength(0);
  });

  test('a code that does not come from this authorization request is refused', async () => {
    const { agent } = await signedIn(ctx);
    await agreeTerms(agent);
    const first = await approve(await startAuthorization(agent));
    const second = await approve(await startAuthorization(agent));
    // The second request's state with the first request's code: its PKCE verifier does not match.
    const swapped = await agent.post('verifyMynaAuthorization', { code: first.code, state: second.state });
    expect(swapped.status).toBe(400);
    expect(swapped.body.code).toBe('myna_code_invalid');
  });

  test("an ID token whose nonce is not this request's answers 400 myna_nonce_mismatch; a forged signature 400 myna_code_invalid", async () => {
    const { agent, member } = await signedIn(ctx);
    await agreeTerms(agent);
    fakePortal(ctx).tamperNextIdToken('nonce');
    const nonce = await agent.post('verifyMynaAuthorization', await approve(await startAuthorization(agent)));
    expect(nonce.status).toBe(400);
    expect(nonce.body.code).toBe('myna_nonce_mismatch');

    fakePortal(ctx).tamperNextIdToken('signature');
    const signature = await agent.post('verifyMynaAuthorization', await approve(await startAuthorization(agent)));
    expect(signature.status).toBe(400);
    expect(signature.body.code).toBe('myna_code_invalid');
    expect(await ctx.db.select().from(mynaLinks).where(eq(mynaLinks.userId, member.id))).toHaveLength(0);
  });

  test('the callback needs the consent still in force', async () => {
    const { agent } = await signedIn(ctx);
    await agreeTerms(agent);
    const callback = await approve(await startAuthorization(agent));
    await agent.post('withdrawMynaAgreement', {});
    const refused = await agent.post('verifyMynaAuthorization', callback);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('myna_agreement_required');
  });
});
