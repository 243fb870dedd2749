import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PAGE_MODULES_ELEMENT_ID } from '@sukoyaka/contract';
import { count } from 'drizzle-orm';
import { operatorSessions } from '../src/db/schema';
import { Agent, createAssociations, createMember, createTestContext, signedInOperator, type TestContext } from './helpers';

/*
 * Issue 9: how the site delivers its pages — scripts precompressed, pages compressed, the
 * route's modules preloaded, the session read answered with the page, development tools only in
 * development, the area's container in place.
 */

const fakeModule = (name: string) => `System.register([], function () { return { execute() { /* ${name} */ } }; });\n`.repeat(40);

/** A web root like the build's: fragments with their dependencies, scripts with .br and .gz. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sukoyaka-web-'));
  const write = (folder: string, fragment: object, files: string[]) => {
    const dir = path.join(root, folder, 'dist');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'importmap.json'), JSON.stringify(fragment));
    for (const file of files) {
      const content = Buffer.from(fakeModule(file));
      writeFileSync(path.join(dir, file), content);
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
    }
  };
  write(
    'root-config',
    {
      // React and its JSX runtime share one file (root-config/webpack.config.cjs).
      imports: {
        '@sukoyaka/root-config': 'root-config.11111111.js',
        react: 'react.22222222.js',
        'react/jsx-runtime': 'react.22222222.js',
        'date-fns': 'date-fns.33333333.js',
      },
      dependencies: { '@sukoyaka/root-config': ['@sukoyaka/shared'], react: [], 'react/jsx-runtime': [], 'date-fns': [] },
    },
    ['root-config.11111111.js', 'react.22222222.js', 'date-fns.33333333.js', 'system.44444444.js'],
  );
  write('mf-shared', { imports: { '@sukoyaka/shared': 'sukoyaka-shared.55555555.js' }, dependencies: { '@sukoyaka/shared': ['react'] } }, [
    'sukoyaka-shared.55555555.js',
  ]);
  write(
    'mf-account',
    {
      imports: { '@sukoyaka/account': 'sukoyaka-account.66666666.js' },
      dependencies: { '@sukoyaka/account': ['@sukoyaka/shared', 'react', 'react/jsx-runtime'] },
      // Lazy pages: each route's chunk, and the shared modules a chunk loads lazily (build/shared.cjs).
      routes: { '/login': ['page-login.99999999.js'], '/associations/:associationId/agreements': ['page-agreements.aaaaaaaa.js'] },
      routeDependencies: { '/associations/:associationId/agreements': ['date-fns'] },
    },
    ['sukoyaka-account.66666666.js', 'page-login.99999999.js', 'page-agreements.aaaaaaaa.js'],
  );
  write(
    'mf-health',
    {
      imports: { '@sukoyaka/health': 'sukoyaka-health.77777777.js' },
      dependencies: { '@sukoyaka/health': ['@sukoyaka/shared', 'date-fns'] },
    },
    ['sukoyaka-health.77777777.js'],
  );
  // The shell as root-config's build writes it (placeholders the server fills), padded past the
  // compression threshold as the real one is.
  writeFileSync(
    path.join(root, 'root-config', 'dist', 'index.html'),
    '<!doctype html><html lang="ja"><head>' +
      '<script type="systemjs-importmap" nonce="__CSP_NONCE__">"__IMPORT_MAP__"</script>' +
      '<!--__PRELOADS__--><!--__SESSION__-->' +
      '<!--dev-tools--><script src="/assets/root-config/import-map-overrides.88888888.js" nonce="__CSP_NONCE__"></script><!--/dev-tools-->' +
      '<script src="/assets/root-config/system.44444444.js" nonce="__CSP_NONCE__" defer></script>' +
      `<style nonce="__CSP_NONCE__">${'/* frame */ '.repeat(200)}</style></head>` +
      '<body><!--__AREA_CONTAINER__--><div id="sukoyaka-boot"></div>' +
      '<!--dev-tools--><import-map-overrides-full></import-map-overrides-full><!--/dev-tools--></body></html>',
  );
  return root;
}

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((match) => match[1]);

describe('page delivery (issue 9)', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    ctx = await createTestContext({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('preloads exactly the modules of the route: root-config, the area and the shared modules they import', async () => {
    const vitals = await ctx.app.inject({ method: 'GET', url: '/vitals' });
    expect(preloadsOf(vitals.body)).toEqual([
      '/assets/root-config/root-config.11111111.js',
      '/assets/mf-health/sukoyaka-health.77777777.js',
      '/assets/mf-shared/sukoyaka-shared.55555555.js',
      '/assets/root-config/date-fns.33333333.js',
      '/assets/root-config/react.22222222.js',
    ]);
    // All in the template index.html's boot script reads after the first paint: none in the page
    // itself, where the browser would fetch them before painting.
    const template = new RegExp(`<template id="${PAGE_MODULES_ELEMENT_ID}">(.*?)</template>`, 's').exec(vitals.body);
    expect(preloadsOf(template?.[1] ?? '')).toEqual(preloadsOf(vitals.body));
    expect(preloadsOf(vitals.body.replace(template?.[0] ?? '', ''))).toEqual([]);
    // A path no area owns is mf-account's 404 page: its modules, not date-fns.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(preloadsOf(unknown.body)).toEqual([
      '/assets/root-config/root-config.11111111.js',
      '/assets/mf-account/sukoyaka-account.66666666.js',
      '/assets/mf-shared/sukoyaka-shared.55555555.js',
      '/assets/root-config/react.22222222.js',
    ]);
  });

  it('preloads the chunk of the route’s lazy page after the area with the shared modules it loads lazily, matching route parameters; a file two specifiers share once', async () => {
    const areaModules = [
      '/assets/root-config/root-config.11111111.js',
      '/assets/mf-account/sukoyaka-account.66666666.js',
      '/assets/mf-shared/sukoyaka-shared.55555555.js',
      '/assets/root-config/react.22222222.js',
    ];
    const login = await ctx.app.inject({ method: 'GET', url: '/login?return_to=/vitals' });
    expect(preloadsOf(login.body)).toEqual([...areaModules, '/assets/mf-account/page-login.99999999.js']);
    const agreements = await ctx.app.inject({ method: 'GET', url: '/associations/a1/agreements' });
    expect(preloadsOf(agreements.body)).toEqual([
      ...areaModules,
      '/assets/root-config/date-fns.33333333.js',
      '/assets/mf-account/page-agreements.aaaaaaaa.js',
    ]);
    // Another page of the area (here the fallback's) gets no page chunk: only whole-path matches count.
    const deeper = await ctx.app.inject({ method: 'GET', url: '/login/other' });
    expect(preloadsOf(deeper.body)).toEqual(areaModules);
  });

  it('serves the page’s import map also at /import-map.json (single-spa’s convention): the same map, asked again each time, cheaply', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/vitals' });
    const inline = JSON.parse(/<script type="systemjs-importmap"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)![1]!) as unknown;
    const answer = await ctx.app.inject({ method: 'GET', url: '/import-map.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/importmap+json; charset=utf-8');
    expect(answer.json()).toEqual(inline);
    expect(answer.json()).toEqual({
      imports: {
        '@sukoyaka/root-config': '/assets/root-config/root-config.11111111.js',
        react: '/assets/root-config/react.22222222.js',
        'react/jsx-runtime': '/assets/root-config/react.22222222.js',
        'date-fns': '/assets/root-config/date-fns.33333333.js',
        '@sukoyaka/shared': '/assets/mf-shared/sukoyaka-shared.55555555.js',
        '@sukoyaka/account': '/assets/mf-account/sukoyaka-account.66666666.js',
        '@sukoyaka/health': '/assets/mf-health/sukoyaka-health.77777777.js',
      },
    });
    // Like a visitor's page: kept, but asked again before each use; the same for everyone.
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['set-cookie']).toBeUndefined();
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    const unchanged = await ctx.app.inject({ method: 'GET', url: '/import-map.json', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const other = await ctx.app.inject({ method: 'GET', url: '/import-map.json', headers: { 'if-none-match': 'W/"another"' } });
    expect(other.statusCode).toBe(200);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/import-map.json' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/importmap+json; charset=utf-8');
  });

  it('puts the area’s container before the loading frame, so the area draws where the frame was', async () => {
    const vitals = await ctx.app.inject({ method: 'GET', url: '/vitals' });
    expect(vitals.body).toContain('<div id="single-spa-application:@sukoyaka/health"></div><div id="sukoyaka-boot">');
    const login = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<div id="single-spa-application:@sukoyaka/account"></div>');
  });

  it('loads no import-map-overrides outside development, and SystemJS deferred', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.body).not.toContain('import-map-overrides');
    expect(page.body).not.toContain('dev-tools');
    expect(page.body).toMatch(/<script src="\/assets\/root-config\/system\.44444444\.js" nonce="[^"]+" defer><\/script>/);
  });

  it('sends a script as the precompressed file the browser accepts, varying on Accept-Encoding, cached for good', async () => {
    const url = '/assets/mf-health/sukoyaka-health.77777777.js';
    const original = fakeModule('sukoyaka-health.77777777.js');
    const brotli = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(original);
    const gzip = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(original);
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
  });

  it('compresses the page itself', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<!doctype html>');
  });

  it('answers a first visit (no cookies) without the session read: the page stays the same for everyone', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.body).not.toContain('sukoyaka-session');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('answers the session read with the page of a returning browser, and never lets that page be stored', async () => {
    const member = await createMember(ctx.db);
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    const session = await browser.get('getSession');
    const page = await browser.request({ method: 'GET', url: '/vitals' });
    expect(page.headers['cache-control']).toBe('no-store');
    const json = /<script type="application\/json" id="sukoyaka-session">(.*?)<\/script>/.exec(String(page.body))?.[1];
    expect(JSON.parse(json!)).toEqual({ userId: member.id, browserId: session.body.browserId });
  });

  it('answers a signed-in member’s first calls with the page: the header’s and the page’s own, as the calls answer them', async () => {
    const member = await createMember(ctx.db);
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    const answersOf = async (url: string) => {
      const page = await browser.request({ method: 'GET', url });
      const json = /<script type="application\/json" id="sukoyaka-page-answers">(.*?)<\/script>/.exec(String(page.body))?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as { path: string; answers: Record<string, unknown> });
    };
    const vitals = await answersOf('/vitals');
    expect(vitals).toBeDefined();
    expect(vitals?.path).toBe('/vitals');
    expect(Object.keys(vitals!.answers).sort()).toEqual(['countUnreadAnnouncements', 'getUserInfo', 'getVitalsSummary']);
    expect(vitals!.answers.getVitalsSummary).toEqual((await browser.get('getVitalsSummary')).body);
    expect(vitals!.answers.getUserInfo).toEqual((await browser.get('getUserInfo')).body);
    expect(Object.keys((await answersOf('/points'))!.answers).sort()).toEqual(['countUnreadAnnouncements', 'getUserInfo']);
    // Never for the operators' pages, nor for a returning browser that is not signed in.
    expect(await answersOf('/admin')).toBeUndefined();
    const visitor = new Agent(ctx.app);
    await visitor.get('getSession');
    const visitorPage = await visitor.request({ method: 'GET', url: '/vitals' });
    expect(String(visitorPage.body)).toContain('sukoyaka-session');
    expect(String(visitorPage.body)).not.toContain('sukoyaka-page-answers');
  });
});

/**
 * An area's server render as its build writes it (dist-server/render-page.cjs, mf-shared/src/server):
 * this one shows what it was asked, throws for /vitals/weight and has no page for /vitals/steps.
 */
const fakeRenderModule = `
exports.renderPage = async ({ url, answers }) => {
  if (url === '/vitals/weight') throw new Error('window is not defined');
  if (url === '/vitals/steps') return null;
  return {
    html: '<main data-url="' + url + '" data-answers="' + Object.keys(answers).sort().join(' ') + '">118 / 76 mmHg $& $\\' $1</main>',
    css: '.a{color:red}</style><script>alert(1)</script>',
    queries: Object.keys(answers).length > 0 ? [{ queryKey: ['userInfo'], data: answers.getUserInfo }] : [],
  };
};
`;

describe('the page’s first screen, rendered by its area on the server (issue 9)', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    for (const folder of ['mf-account', 'mf-health']) {
      mkdirSync(path.join(webRoot, folder, 'dist-server'), { recursive: true });
      writeFileSync(path.join(webRoot, folder, 'dist-server', 'render-page.cjs'), fakeRenderModule);
    }
    ctx = await createTestContext({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const containerOf = (html: string, area: string) =>
    new RegExp(`<div id="single-spa-application:${area}"( inert aria-busy="true")?>(.*?)</div><div id="sukoyaka-boot">`, 's').exec(html);

  it('puts a visitor’s page into the area’s container, inert until the area mounts, with its styles', async () => {
    const login = await ctx.app.inject({ method: 'GET', url: '/login?reason=timeout' });
    expect(login.statusCode).toBe(200);
    const container = containerOf(login.body, '@sukoyaka/account');
    expect(container?.[1]).toBe(' inert aria-busy="true"');
    // The address as asked, no answers for a first visit; `$` patterns in the markup are text.
    expect(container?.[2]).toBe(`<main data-url="/login?reason=timeout" data-answers="">118 / 76 mmHg $& $' $1</main>`);
    // Its styles before it, unable to close their element; no queries to carry.
    expect(login.body).toContain(
      '<style data-sukoyaka-prerender>.a{color:red}<\\/style><script>alert(1)<\\/script></style><div id="single-spa-application',
    );
    expect(login.body).not.toContain('id="sukoyaka-queries"');
    expect(login.headers['cache-control']).toBe('no-cache');
  });

  it('renders a member’s page with the answers the page carries, and carries the queries it rendered with', async () => {
    const member = await createMember(ctx.db);
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    const page = await browser.request({ method: 'GET', url: '/vitals' });
    const body = String(page.body);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(containerOf(body, '@sukoyaka/health')?.[2]).toContain(
      'data-answers="countUnreadAnnouncements getSession getUserInfo getVitalsSummary"',
    );
    const json = /<script type="application\/json" id="sukoyaka-queries">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(json!)).toEqual([{ queryKey: ['userInfo'], data: (await browser.get('getUserInfo')).body }]);
  });

  it('leaves the page to the browser when its area has no first screen for it or fails to render it', async () => {
    for (const url of ['/vitals/weight', '/vitals/steps']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="single-spa-application:@sukoyaka/health"></div><div id="sukoyaka-boot">');
      expect(page.body).not.toContain('data-sukoyaka-prerender');
    }
  });
});

/**
 * An area's server render that asks the bff (PageRenderRequest.ask) for what a page's calls with
 * input would ask, and shows what it was answered: JSON in the markup, or "no-ask" without `ask`.
 */
const askingRenderModule = `
exports.renderPage = async ({ ask }) => {
  if (!ask) return { html: '<main>no-ask</main>', css: '', queries: [] };
  const asked = [];
  for (const [name, query] of JSON.parse(process.env.SUKOYAKA_TEST_ASKS)) asked.push((await ask(name, query)) ?? null);
  return { html: '<main>' + JSON.stringify(asked).replace(/</g, '\\u003c') + '</main>', css: '', queries: [] };
};
exports.renderParcel = async (name, { url, ask }) =>
  name === 'VitalsTodayParcel' ? { html: 'parcel ' + name + ' of ' + url + (ask ? ', asking' : ''), css: '', queries: [] } : null;
`;

/** A page of one area with other areas' parcels (home's cards): what each parcel render answered. */
const parcelHostModule = `
exports.renderPage = async ({ renderParcel }) => {
  const parcels = await Promise.all([
    renderParcel('@sukoyaka/health', 'VitalsTodayParcel'),
    renderParcel('@sukoyaka/health', 'NoSuchParcel'),
    renderParcel('@sukoyaka/nowhere', 'VitalsTodayParcel'),
  ]);
  return { html: '<main>' + JSON.stringify(parcels) + '</main>', css: '', queries: [] };
};
`;

describe('the first screen of a page whose calls take input, or an operator’s (issue 28)', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    // The operators' area beside the members' (its own folder, as the build writes it).
    mkdirSync(path.join(webRoot, 'mf-admin', 'dist'), { recursive: true });
    writeFileSync(
      path.join(webRoot, 'mf-admin', 'dist', 'importmap.json'),
      JSON.stringify({
        imports: { '@sukoyaka/admin': 'sukoyaka-admin.bbbbbbbb.js' },
        dependencies: { '@sukoyaka/admin': ['@sukoyaka/shared'] },
      }),
    );
    for (const folder of ['mf-health', 'mf-admin']) {
      mkdirSync(path.join(webRoot, folder, 'dist-server'), { recursive: true });
      writeFileSync(path.join(webRoot, folder, 'dist-server', 'render-page.cjs'), askingRenderModule);
    }
    mkdirSync(path.join(webRoot, 'mf-account', 'dist-server'), { recursive: true });
    writeFileSync(path.join(webRoot, 'mf-account', 'dist-server', 'render-page.cjs'), parcelHostModule);
    ctx = await createTestContext({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
    delete process.env.SUKOYAKA_TEST_ASKS;
  });

  const askedOn = async (browser: Agent | null, url: string, asks: [string, string][]) => {
    process.env.SUKOYAKA_TEST_ASKS = JSON.stringify(asks);
    const page = browser ? await browser.request({ method: 'GET', url }) : await ctx.app.inject({ method: 'GET', url });
    const markup = /<main>(.*?)<\/main>/s.exec(String(page.body))?.[1];
    return markup === 'no-ask' ? markup : (JSON.parse(markup!) as ({ answer: unknown } | null)[]);
  };

  it('answers a returning member’s GET calls with input as the browser’s own calls answer them; nothing else', async () => {
    const member = await createMember(ctx.db);
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    const week = { from: '2026-11-20', to: '2026-11-27', limit: '20' };
    const asked = await askedOn(browser, '/vitals/blood_pressure', [
      ['listBloodPressures', `?${new URLSearchParams(week).toString()}`],
      ['getUserInfo', ''],
      // Not answered: a call that fails, a POST (it would write), a name the contract lacks, a query that is not one.
      ['getEnablePointAccount', '?pointId=no-such-point'],
      ['signOut', ''],
      ['noSuchCall', ''],
      ['getUserInfo', '/../signOut'],
    ]);
    expect(asked).toEqual([
      { answer: (await browser.get('listBloodPressures', week)).body },
      { answer: (await browser.get('getUserInfo')).body },
      null,
      null,
      null,
      null,
    ]);
    // The POST was never made: the member is still signed in.
    expect((await browser.get('getUserInfo')).status).toBe(200);
  });

  it('renders another area’s parcel on a page by that area’s server render, with the page’s address and asking', async () => {
    const member = await createMember(ctx.db);
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    process.env.SUKOYAKA_TEST_ASKS = '[]';
    const page = await browser.request({ method: 'GET', url: '/' });
    const parcels = JSON.parse(/<main>(.*?)<\/main>/s.exec(String(page.body))![1]!) as unknown[];
    // Its own parcel; null for a parcel the area has not and for an area that is not one.
    expect(parcels).toEqual([{ html: 'parcel VitalsTodayParcel of /, asking', css: '', queries: [] }, null, null]);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(JSON.parse(/<main>(.*?)<\/main>/s.exec(visitor.body)![1]!)).toEqual([
      { html: 'parcel VitalsTodayParcel of /', css: '', queries: [] },
      null,
      null,
    ]);
  });

  it('offers no asking on a first visit (no cookies): the page stays the same for everyone', async () => {
    expect(await askedOn(null, '/vitals/blood_pressure', [['getUserInfo', '']])).toBe('no-ask');
  });

  it('answers the operator’s calls on the operators’ pages with the operator’s session, never a member’s answers', async () => {
    const [associationId] = await createAssociations(ctx.db, ['組合エー']);
    const { agent } = await signedInOperator(ctx, [{ associationId: associationId!, role: 'editor' }]);
    const asked = await askedOn(agent, '/admin', [
      ['getOperatorSession', ''],
      ['getUserInfo', ''],
    ]);
    expect(asked).not.toBe('no-ask');
    const [session, member] = asked as ({ answer: unknown } | null)[];
    expect(session?.answer).toMatchObject({ state: 'signedIn', operator: { roles: [{ associationId, role: 'editor' }] } });
    expect(member).toBeNull();
  });

  it('asks no operator call for a browser without the operator’s cookie: no operator session it would never get', async () => {
    const member = await createMember(ctx.db);
    const browser = new Agent(ctx.app);
    await browser.signIn(member.email, member.password);
    const sessions = async () => Number((await ctx.db.select({ n: count() }).from(operatorSessions))[0]!.n);
    const before = await sessions();
    expect(await askedOn(browser, '/admin', [['getOperatorSession', '']])).toEqual([null]);
    expect(await sessions()).toBe(before);
  });
});

describe('page delivery in development', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    ctx = await createTestContext({ webRoot, env: 'development' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('loads import-map-overrides and its panel, for working on one area against the site', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toContain('<script src="/assets/root-config/import-map-overrides.88888888.js"');
    expect(page.body).toContain('<import-map-overrides-full>');
    expect(page.body).not.toContain('dev-tools');
  });
});
