import { refreshAccessToken } from '../../src/integrations/google-health/oauth';
import { forgetMynaPortalMetadata } from '../../src/integrations/myna-portal/discovery';
import { loggerOptions } from '../../src/platform/ops/logging';
import { agreeTerms, signedIn } from '../myna-helpers';
import { createTestContext, type TestContext } from '../helpers';

/*
 * Issue 24 #12: an integration whose configuration is wrong (here the My Number Portal's
 * discovery names another issuer than the configured address) is an operator's problem, not a
 * passing outage: it is logged once at error level, naming the integration and what is wrong,
 * and /readyz says which integration it is. Members are still told only that the service is
 * unavailable.
 */

jest.setTimeout(120_000);

let ctx: TestContext;
const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; integration?: string; problem?: string });

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {},
    { fakes: ['googleHealth', 'mynaPortal'], logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } } },
  );
});
afterAll(() => ctx.close());

describe('issue 24 #12: a misconfigured My Number Portal is logged once, loudly, and named by /readyz', () => {
  it('issuer mismatch in discovery: members get myna_unavailable, one error line names the integration and the problem, /readyz names it', async () => {
    const portal = ctx.services.mynaPortal!;
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).not.toHaveProperty('misconfigured');

    // The configured address is the same server under another name: its discovery's issuer differs.
    const original = portal.config;
    portal.config = { ...original, baseUrl: original.baseUrl.replace('127.0.0.1', 'localhost') };
    forgetMynaPortalMetadata();
    try {
      const { agent } = await signedIn(ctx);
      await agreeTerms(agent);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await agent.post('getMynaAuthorizationURL', {});
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ code: 'myna_unavailable' });
      }
      const errors = logged().filter((line) => line.level >= 50 && line.integration === 'myna_portal');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toContain('My Number Portal');
      expect(errors[0]!.problem).toMatch(/issuer/);

      const readyz = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      // Still ready for the rest of the service (the other areas work), but it says what is wrong.
      expect(readyz.statusCode).toBe(200);
      expect(readyz.json()).toMatchObject({
        status: 'degraded',
        misconfigured: [{ integration: 'myna_portal', problem: expect.stringMatching(/issuer/) }],
      });
    } finally {
      portal.config = original;
    }

    // Once the configuration is right again, the next use clears it.
    const { agent } = await signedIn(ctx);
    await agreeTerms(agent);
    expect((await agent.post('getMynaAuthorizationURL', {})).status).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.json()).toMatchObject({ status: 'ready' });
    expect(after.json()).not.toHaveProperty('misconfigured');
  });
});

describe('issue 24 #12: the same for Google Health (Fitbit): a client Google does not accept', () => {
  it('invalid_client at the token endpoint is logged once, named by /readyz, and cleared by the next accepted call', async () => {
    const google = ctx.services.googleHealth!;
    const wrong = { ...google.config, clientSecret: 'not-the-secret' };
    for (let attempt = 0; attempt < 2; attempt += 1)
      await expect(refreshAccessToken(wrong, 'any-refresh-token')).rejects.toMatchObject({ code: 'invalid_client' });
    const errors = logged().filter((line) => line.level >= 50 && line.integration === 'google_health');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain('Google Health');
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'degraded',
      misconfigured: [{ integration: 'google_health', problem: expect.stringMatching(/refused the client/) }],
    });
    // The right client: Google answers (here: the token is unknown, but the client was accepted).
    await expect(refreshAccessToken(google.config, 'any-refresh-token')).rejects.toMatchObject({ code: 'invalid_grant' });
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });
});
