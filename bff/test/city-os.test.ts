import { createHash } from 'node:crypto';
import { CityOsErrorCodes } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import { auditLogs, cityOsOptIns } from '../src/db/schema';
import { canonicalize, signOptIn, verifyOptIn } from '../src/integrations/city-os/signing';
import { CITY_OS_APP_RETURN, cityOsOptInUrl } from '../src/content/city-os';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

/* City OS (issue 14): a signed, expiring opt-in link, verified by the local fake of the partner over HTTP. */

let ctx: TestContext;
let agent: Agent;
let memberId: string;
let memberLogin: { email: string; password: string };

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['cityOs'] });
  const member = await createMember(ctx.db);
  memberId = member.id;
  memberLogin = member;
  agent = new Agent(ctx.app);
  expect((await agent.signIn(member.email, member.password)).status).toBe(200);
});
afterAll(async () => ctx?.close());

const open = (url: string) => fetch(url, { redirect: 'manual' });

describe('getCityOSOptInURL', () => {
  it('answers a link to the partner, signed and valid ten minutes; the partner returns to the app’s deep link with the nonce as state', async () => {
    const response = await agent.get('getCityOSOptInURL', { target: 'app' });
    expect(response.status).toBe(200);
    const url = new URL(response.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(ctx.services.cityOs!.config.optInUrl);
    expect(url.searchParams.get('return_to')).toBe(CITY_OS_APP_RETURN);
    expect(url.searchParams.get('subject')).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('subject')).not.toContain(memberId.replaceAll('-', '').slice(0, 8));
    expect(Date.parse(response.body.expiresAt) - ctx.clock.now().getTime()).toBe(10 * 60 * 1000);

    const page = await open(response.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('連携する');
    const approved = await open(`${response.body.url}&auto=1`);
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(`${back.protocol}//${back.host}${back.pathname}`).toBe(CITY_OS_APP_RETURN);
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('nonce'));
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('comes back to the site for a browser', async () => {
    const response = await agent.get('getCityOSOptInURL');
    const approved = await open(`${response.body.url}&auto=1`);
    expect(approved.headers.get('location')).toMatch(new RegExp(`^${ctx.config.publicUrl}/\\?code=`));
  });

  it('the partner refuses a changed link and an expired one', async () => {
    const response = await agent.get('getCityOSOptInURL', { target: 'app' });
    const tampered = new URL(response.body.url);
    tampered.searchParams.set('subject', '0'.repeat(32));
    const refused = await open(tampered.toString());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('data-reason="signature"');

    // A link made eleven minutes ago.
    ctx.clock.advance(-11 * 60 * 1000);
    const old = await agent.get('getCityOSOptInURL', { target: 'app' });
    ctx.clock.advance(11 * 60 * 1000);
    const expired = await open(old.body.url);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('data-reason="expired"');
  });

  it('is for signed-in members only, and 503 when no partner is configured', async () => {
    expect((await new Agent(ctx.app).get('getCityOSOptInURL')).status).toBe(401);
    expect(() =>
      cityOsOptInUrl(
        null,
        ctx.config,
        { id: memberId, email: 'a@example.jp', nickname: 'a', associationId: null, emailVerified: true },
        'web',
        new Date(),
      ),
    ).toThrow(expect.objectContaining({ statusCode: 503 }));
    expect((await agent.get('getCityOSOptInURL', { target: 'desktop' })).status).toBe(400);
  });
});

describe('the signature', () => {
  const secret = 'k'.repeat(32);
  const params = { client_id: 'c', subject: 's', nonce: 'n', exp: '2000000000', return_to: 'sukoyaka://city_os/login/callback' };

  it('is over the sorted, encoded parameters, and any change breaks it', () => {
    expect(canonicalize({ b: '2', a: 'x y', sig: 'ignored' })).toBe('a=x%20y&b=2');
    const sig = signOptIn(params, secret);
    expect(verifyOptIn({ ...params, sig }, { secret, clientId: 'c', nowSeconds: 1_900_000_000 })).toEqual({ ok: true });
    expect(verifyOptIn({ ...params, nonce: 'm', sig }, { secret, clientId: 'c', nowSeconds: 1_900_000_000 })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyOptIn({ ...params, sig }, { secret: 'x'.repeat(32), clientId: 'c', nowSeconds: 1_900_000_000 }).ok).toBe(false);
    expect(verifyOptIn({ ...params, sig }, { secret, clientId: 'c', nowSeconds: 2_000_000_000 })).toEqual({ ok: false, reason: 'expired' });
    expect(verifyOptIn({ ...params, sig }, { secret, clientId: 'other', nowSeconds: 1 })).toEqual({ ok: false, reason: 'client' });
  });
});

describe('issue 24 #14: the City OS nonce is stored and checked on return', () => {
  /** A link for `browser`, approved at the (fake) partner: what it sends the member back with. */
  const approvedReturn = async (browser: Agent) => {
    const link = await browser.get('getCityOSOptInURL', { target: 'app' });
    expect(link.status).toBe(200);
    const back = new URL((await open(`${link.body.url}&auto=1`)).headers.get('location')!);
    return {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      nonce: new URL(link.body.url).searchParams.get('nonce')!,
    };
  };
  const optedIn = async () =>
    (await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, memberId))).filter((row) => row.event === 'city_os_opted_in').length;

  it('keeps only the nonce’s SHA-256, bound to the member and the session, and accepts its return once', async () => {
    const returned = await approvedReturn(agent);
    const rows = await ctx.db.select().from(cityOsOptIns).where(eq(cityOsOptIns.userId, memberId));
    expect(rows.map((row) => row.nonceHash)).toContain(createHash('sha256').update(returned.nonce).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(returned.nonce);

    const before = await optedIn();
    const completed = await agent.post('completeCityOSOptIn', { code: returned.code, state: returned.state });
    expect(completed.status).toBe(200);
    expect(completed.body.completedAt).toBe(ctx.clock.now().toISOString());
    expect(await optedIn()).toBe(before + 1);

    // Replayed: the nonce was used up.
    const replayed = await agent.post('completeCityOSOptIn', { code: returned.code, state: returned.state });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe(CityOsErrorCodes.stateInvalid);
    expect(await optedIn()).toBe(before + 1);
  });

  it('refuses a state that is no nonce it gave, and an expired one', async () => {
    const forged = await agent.post('completeCityOSOptIn', { code: 'someCode', state: 'aNonceNobodyWasGiven_0123' });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe(CityOsErrorCodes.stateInvalid);

    const returned = await approvedReturn(agent);
    ctx.clock.advance(11 * 60 * 1000);
    const late = await agent.post('completeCityOSOptIn', { code: returned.code, state: returned.state });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe(CityOsErrorCodes.stateInvalid);
  });

  it('refuses another session’s nonce (403) and leaves it for the session it was given to', async () => {
    const returned = await approvedReturn(agent);
    const otherBrowser = new Agent(ctx.app);
    expect((await otherBrowser.signIn(memberLogin.email, memberLogin.password)).status).toBe(200);
    const elsewhere = await otherBrowser.post('completeCityOSOptIn', { code: returned.code, state: returned.state });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe(CityOsErrorCodes.stateMismatch);
    expect((await agent.post('completeCityOSOptIn', { code: returned.code, state: returned.state })).status).toBe(200);
  });

  it('needs a signed-in member, and a state and code that look like ones (400 naming the field)', async () => {
    expect((await new Agent(ctx.app).post('completeCityOSOptIn', { code: 'c', state: 's' })).status).toBe(401);
    const missing = await agent.post('completeCityOSOptIn', { code: 'c' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('stateがありません');
  });
});
