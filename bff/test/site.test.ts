import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { bloodPressures } from '../src/db/schema';
import { DEMO_MEMBER, seedDemo } from '../src/db/seed';
import { startServices } from '../src/services';
import { Agent, createTestContext, type TestContext } from './helpers';

/** A web root laid out like the built site: each package's dist with its import-map fragment. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sukoyaka-web-'));
  const dist = (folder: string) => {
    const dir = path.join(root, folder, 'dist');
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const shell = dist('root-config');
  writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html lang="ja"><head><meta name="sukoyaka:ga-measurement-id" content="__GA_MEASUREMENT_ID__" />' +
      '<script type="systemjs-importmap" nonce="__CSP_NONCE__">"__IMPORT_MAP__"</script></head><body></body></html>',
  );
  writeFileSync(
    path.join(shell, 'importmap.json'),
    JSON.stringify({ imports: { '@sukoyaka/root-config': 'root-config.1a2b3c4d.js', react: 'react.5e6f7a8b.js' } }),
  );
  writeFileSync(path.join(shell, 'root-config.1a2b3c4d.js'), 'System.register([], function () { return { execute() {} }; });');
  const health = dist('mf-health');
  writeFileSync(path.join(health, 'importmap.json'), JSON.stringify({ imports: { '@sukoyaka/health': 'sukoyaka-health.0badcafe.js' } }));
  writeFileSync(path.join(health, 'sukoyaka-health.0badcafe.js'), 'System.register([], function () { return { execute() {} }; });');
  return root;
}

describe('the site: shell, deep links, 404, assets (DESIGN.md "Micro-frontends")', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    ctx = await createTestContext({ webRoot, gaMeasurementId: 'G-TEST1234' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers a deep link with the shell and the import map composed from every build', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/vitals' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(String(response.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    const map = JSON.parse(/<script type="systemjs-importmap"[^>]*>(.*?)<\/script>/.exec(response.body)![1]!);
    expect(map.imports).toEqual({
      '@sukoyaka/root-config': '/assets/root-config/root-config.1a2b3c4d.js',
      react: '/assets/root-config/react.5e6f7a8b.js',
      '@sukoyaka/health': '/assets/mf-health/sukoyaka-health.0badcafe.js',
    });
    expect(response.body).toContain('content="G-TEST1234"');
  });

  it('reads the import map at request time: a redeployed area is served without a restart', async () => {
    writeFileSync(
      path.join(webRoot, 'mf-health', 'dist', 'importmap.json'),
      JSON.stringify({ imports: { '@sukoyaka/health': 'sukoyaka-health.feedf00d.js' } }),
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/points/3/about' });
    expect(response.body).toContain('/assets/mf-health/sukoyaka-health.feedf00d.js');
  });

  it('answers a path no area owns with the shell and status 404 (the 404 page shows there)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('serves hashed assets as immutable, and unknown API paths as a JSON 404', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/root-config/root-config.1a2b3c4d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/bff/noSuchCall' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'お探しのページは見つかりませんでした。' });
  });
});

describe('the dev outbox', () => {
  it('lists mails and SMS outside production, newest first', async () => {
    const ctx = await createTestContext();
    try {
      ctx.outbox.addMail({ to: 'a@example.jp', subject: '一通目', text: 'a', sentAt: '2026-01-01T00:00:00.000Z' });
      ctx.outbox.addMail({ to: 'b@example.jp', subject: '二通目', text: 'b', sentAt: '2026-01-01T00:01:00.000Z' });
      const response = await new Agent(ctx.app).request({ method: 'GET', url: '/__dev/outbox.json' });
      expect(response.status).toBe(200);
      expect(response.body.mails.map((mail: { subject: string }) => mail.subject)).toEqual(['二通目', '一通目']);
      expect(response.body.sms).toEqual([]);
      const page = await ctx.app.inject({ method: 'GET', url: '/__dev/outbox' });
      expect(page.body).toContain('開発用 送信箱');
    } finally {
      await ctx.close();
    }
  });

  it('does not exist in production', async () => {
    // A built site, so that what answers instead is the site's own 404 (not "not built yet").
    const webRoot = fakeWebRoot();
    const testConfig = loadConfig({ NODE_ENV: 'test' }, { dataDir: 'memory://', seedDemo: false, webRoot });
    const database = await openDatabase({ dataDir: 'memory://' });
    const services = await startServices(testConfig);
    const app = await buildApp({ config: { ...testConfig, env: 'production' }, db: database.db, services });
    try {
      const json = await app.inject({ method: 'GET', url: '/__dev/outbox.json' });
      expect(json.statusCode).toBe(404);
      expect(json.body).not.toContain('mails');
      // The page path is not a route either: it falls to the site, which no area owns → 404.
      expect((await app.inject({ method: 'GET', url: '/__dev/outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await services.close();
      await database.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('the development clock', () => {
  it('moves the clock every rule reads in development only, within ±60 days', async () => {
    const webRoot = fakeWebRoot();
    const testConfig = loadConfig({ NODE_ENV: 'test' }, { dataDir: 'memory://', seedDemo: false, webRoot });
    const database = await openDatabase({ dataDir: 'memory://' });
    const services = await startServices(testConfig);
    const development = await buildApp({ config: { ...testConfig, env: 'development' }, db: database.db, services });
    const production = await buildApp({ config: { ...testConfig, env: 'production' }, db: database.db, services });
    const test = await buildApp({ config: testConfig, db: database.db, services });
    try {
      const put = (offsetMs: unknown) => development.inject({ method: 'PUT', url: '/__dev/clock', payload: { offsetMs } });
      const moved = await put(-3 * 86_400_000);
      expect(moved.statusCode).toBe(200);
      expect(Date.now() - Date.parse(moved.json().now)).toBeGreaterThan(3 * 86_400_000 - 60_000);
      expect((await development.inject({ method: 'GET', url: '/__dev/clock' })).json().offsetMs).toBe(-3 * 86_400_000);
      expect((await put(61 * 86_400_000)).statusCode).toBe(400);
      expect((await put('soon')).statusCode).toBe(400);
      expect((await put(0)).json().offsetMs).toBe(0);
      for (const app of [production, test]) {
        expect((await app.inject({ method: 'PUT', url: '/__dev/clock', payload: { offsetMs: 1 } })).statusCode).toBe(404);
      }
    } finally {
      await development.close();
      await production.close();
      await test.close();
      await services.close();
      await database.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('the embedded database', () => {
  it('keeps the data in DATA_DIR across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sukoyaka-data-'));
    try {
      const first = await openDatabase({ dataDir });
      expect(await seedDemo(first.db)).toEqual({ seeded: true });
      const before = await first.db.select().from(bloodPressures);
      await first.close();

      const second = await openDatabase({ dataDir });
      // Seeding a database that has its demo already does nothing; the readings are still there.
      expect(await seedDemo(second.db)).toEqual({ seeded: false });
      const after = await second.db.select().from(bloodPressures);
      expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
      expect(after.length).toBeGreaterThan(0);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is the demo member’s database: the printed account signs in', async () => {
    const ctx = await createTestContext();
    try {
      await seedDemo(ctx.db);
      const response = await new Agent(ctx.app).signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
      expect(response.status).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
