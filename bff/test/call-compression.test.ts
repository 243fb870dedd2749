import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { saveBloodPressure } from '../src/health/blood-pressures';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

/*
 * Issue 9: a call's JSON answer is compressed when the browser accepts it (brotli, else gzip), at
 * the calls' own fast setting (platform/routes.ts), and decodes to exactly the uncompressed answer.
 */
describe('compressed call answers', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const member = await createMember(ctx.db);
    // A page of 20 readings is over the 1 KiB threshold below which nothing is compressed.
    for (let i = 0; i < 20; i += 1) {
      await saveBloodPressure(
        ctx.db,
        member.id,
        {
          measuredAt: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
          systolic: 110 + i,
          diastolic: 70,
          pulse: 64,
        } as never,
        ctx.clock.now(),
      );
    }
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    cookie = `sukoyaka_session=${browser.cookie('sukoyaka_session')}`;
  });

  afterAll(async () => {
    await ctx.close();
  });

  const list = (acceptEncoding: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/bff/listBloodPressures?limit=20', headers: { cookie, 'accept-encoding': acceptEncoding } });

  it('answers brotli or gzip as accepted, each decoding to the plain answer', async () => {
    const plain = await list('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.json() as { items: unknown[] };
    expect(answer.items).toHaveLength(20);

    const brotli = await list('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(answer);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(answer);
  });
});
