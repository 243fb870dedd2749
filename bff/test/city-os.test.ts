import { canonicalize, signOptIn, verifyOptIn } from '../src/integrations/city-os/signing';
import { CITY_OS_APP_RETURN, cityOsOptInUrl } from '../src/content/city-os';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

/* City OS (issue 14): a signed, expiring opt-in link, verified by the local fake of the partner over HTTP. */

let ctx: TestContext;
let agent: Agent;
let memberId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx.db);
  memberId = member.id;
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
