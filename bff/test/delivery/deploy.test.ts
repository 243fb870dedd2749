import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { calls } from '@sukoyaka/contract';
import {
  checkSystemModule,
  LiveImportMap,
  publishArtefact,
  type ArtefactManifest,
  type DeployablePackage,
} from '../../src/platform/delivery';
import { createTestContext, type TestContext } from '../helpers';

const HEALTH: DeployablePackage = { name: '@sukoyaka/health', folder: 'mf-health', version: '0.1.0' };
const TOKEN = 'test-deploy-token-0123456789abcdef';

/** A build of mf-health as webpack writes it: an entry that registers, a page chunk, .br and .gz. */
function fakeBuild(text: string, dist = mkdtempSync(path.join(tmpdir(), 'sukoyaka-build-')), specifier = '@sukoyaka/health'): string {
  const entry = `System.register([], function (e) { return { execute: function () { e('text', ${JSON.stringify(text)}); e('call', "listWeights"); } }; });`;
  const chunk = `(self.webpackChunk = self.webpackChunk || []).push([[1], { 1: function () { return ${JSON.stringify(text)}; } }]);`;
  const files: Record<string, string> = { 'sukoyaka-health.1234abcd.js': entry, 'page-vitals.5678abcd.js': chunk };
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(path.join(dist, file), content);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
  }
  writeFileSync(
    path.join(dist, 'importmap.json'),
    JSON.stringify({
      imports: { [specifier]: 'sukoyaka-health.1234abcd.js' },
      dependencies: { [specifier]: [] },
      routes: { '/vitals': ['page-vitals.5678abcd.js'] },
    }),
  );
  return dist;
}

/**
 * A workspace as the bff sees it (the deployable packages come from it) with root-config's page
 * template built, so the test does not depend on `npm run build` having run.
 */
function fakeWorkspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sukoyaka-workspace-'));
  const folders = { 'root-config': '@sukoyaka/root-config', 'mf-health': '@sukoyaka/health', 'mf-incentives': '@sukoyaka/incentives' };
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ workspaces: ['contract', ...Object.keys(folders)] }));
  for (const [folder, name] of Object.entries(folders)) {
    mkdirSync(path.join(root, folder, 'dist'), { recursive: true });
    writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify({ name, version: '0.1.0' }));
    writeFileSync(path.join(root, folder, 'webpack.config.cjs'), '');
  }
  writeFileSync(
    path.join(root, 'root-config', 'dist', 'index.html'),
    '<!doctype html><html lang="ja"><head><script type="systemjs-importmap" nonce="__CSP_NONCE__">"__IMPORT_MAP__"</script>' +
      '<!--__PRELOADS__--></head><body><!--__AREA_CONTAINER__--></body></html>',
  );
  return root;
}

describe('deploying an area: artefacts, the live import map, the deploy API (issue 15)', () => {
  let ctx: TestContext;
  let artefactDir: string;
  let webRoot: string;
  const builds: string[] = [];
  const publish = (text: string, version?: string) => {
    const from = fakeBuild(text);
    builds.push(from);
    return publishArtefact({ pkg: HEALTH, from, artefactDir, calls, ...(version ? { version } : {}) });
  };
  const deploy = (body: Record<string, unknown>, token = TOKEN) =>
    ctx.app.inject({ method: 'POST', url: '/api/deploy/deploy', headers: { authorization: `Bearer ${token}` }, payload: body });
  const artefactFile = (manifest: ArtefactManifest, file: string) => path.join(artefactDir, manifest.package, manifest.version, file);
  const importMapOf = (html: string) =>
    JSON.parse(/<script type="systemjs-importmap"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      imports: Record<string, string>;
      integrity?: Record<string, string>;
    };

  beforeAll(async () => {
    artefactDir = mkdtempSync(path.join(tmpdir(), 'sukoyaka-artefacts-'));
    process.env.ARTEFACT_DIR = artefactDir;
    process.env.DEPLOY_TOKEN = TOKEN;
    process.env.IMPORT_MAP_POLL_MS = '0';
    webRoot = fakeWorkspace();
    ctx = await createTestContext({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    delete process.env.ARTEFACT_DIR;
    delete process.env.DEPLOY_TOKEN;
    delete process.env.IMPORT_MAP_POLL_MS;
    for (const dir of [artefactDir, webRoot, ...builds]) rmSync(dir, { recursive: true, force: true });
  });

  it('publishes a build under a versioned path with a manifest: files with SHA-384, entry, routes and the calls it makes', async () => {
    const manifest = await publish('はじめての版');
    expect(manifest.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(manifest.entry).toBe('sukoyaka-health.1234abcd.js');
    expect(manifest.routes).toEqual({ '/vitals': ['page-vitals.5678abcd.js'] });
    expect(manifest.files['sukoyaka-health.1234abcd.js']!.integrity).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
    // The build mentions listWeights: its contract is recorded, with a fingerprint per call.
    expect(Object.keys(manifest.contract)).toContain('listWeights');
    expect(manifest.contract.listWeights!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.contract.saveWeight).toBeUndefined();
    expect(readFileSync(artefactFile(manifest, 'page-vitals.5678abcd.js'), 'utf8')).toContain('はじめての版');
    // The same content again is the same, immutable artefact.
    expect((await publish('はじめての版')).version).toBe(manifest.version);
  });

  it('refuses a deploy without the bearer token', async () => {
    const manifest = await publish('トークンなし');
    expect((await deploy({ package: HEALTH.name, version: manifest.version }, 'wrong')).statusCode).toBe(401);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/deploy/deploy',
      payload: { package: HEALTH.name, version: manifest.version },
    });
    expect(none.statusCode).toBe(401);
    expect((await deploy({ package: HEALTH.name })).statusCode).toBe(400);
  });

  it('makes a deployed version live: the page names its versioned files with integrity, served long-cached and precompressed', async () => {
    const manifest = await publish('ライブの版');
    const before = await ctx.app.inject({ method: 'GET', url: '/import-map.json' });
    const answer = await deploy({ package: HEALTH.name, version: manifest.version });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ package: HEALTH.name, version: manifest.version });

    const page = await ctx.app.inject({ method: 'GET', url: '/vitals' });
    const entryUrl = `/assets/@sukoyaka/health/${manifest.version}/sukoyaka-health.1234abcd.js`;
    const map = importMapOf(page.body);
    expect(map.imports['@sukoyaka/health']).toBe(entryUrl);
    expect(map.integrity![entryUrl]).toBe(manifest.files['sukoyaka-health.1234abcd.js']!.integrity);
    expect(page.body).toContain(`href="${entryUrl}" integrity="${manifest.files['sukoyaka-health.1234abcd.js']!.integrity}"`);
    // The same live map, integrity included, at single-spa's /import-map.json.
    // A browser revalidating the map it had before the deploy gets the new one.
    const document = await ctx.app.inject({
      method: 'GET',
      url: '/import-map.json',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/importmap+json; charset=utf-8');
    expect(document.json()).toEqual(map);
    // The page's chunk is preloaded without integrity: webpack's runtime loads it without one.
    expect(page.body).toContain(
      `<link rel="preload" as="script" href="/assets/@sukoyaka/health/${manifest.version}/page-vitals.5678abcd.js" />`,
    );

    const asset = await ctx.app.inject({ method: 'GET', url: entryUrl, headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('refuses a tampered file, a missing file, a bad precompressed copy and an entry that does not register', async () => {
    const tampered = await publish('改ざんされる版', '0.1.0-tampered');
    writeFileSync(artefactFile(tampered, 'page-vitals.5678abcd.js'), 'alert("改ざん")');
    const refused = await deploy({ package: HEALTH.name, version: tampered.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().problems.join('\n')).toContain('page-vitals.5678abcd.js: 内容が integrity と一致しません');

    const missing = await publish('欠けた版', '0.1.0-missing');
    rmSync(artefactFile(missing, 'sukoyaka-health.1234abcd.js'));
    expect((await deploy({ package: HEALTH.name, version: missing.version })).json().problems.join('\n')).toContain(
      'sukoyaka-health.1234abcd.js: ファイルがありません',
    );

    const badBrotli = await publish('圧縮が違う版', '0.1.0-badbr');
    writeFileSync(artefactFile(badBrotli, 'page-vitals.5678abcd.js.br'), brotliCompressSync('別の内容'));
    expect((await deploy({ package: HEALTH.name, version: badBrotli.version })).json().problems.join('\n')).toContain(
      'page-vitals.5678abcd.js.br: 圧縮ファイルが元のファイルと一致しません',
    );

    const from = fakeBuild('登録しない版');
    builds.push(from);
    writeFileSync(path.join(from, 'sukoyaka-health.1234abcd.js'), 'window.notSystem = 1;');
    rmSync(path.join(from, 'sukoyaka-health.1234abcd.js.br'));
    rmSync(path.join(from, 'sukoyaka-health.1234abcd.js.gz'));
    const unregistered = await publishArtefact({ pkg: HEALTH, from, artefactDir, calls, version: '0.1.0-noregister' });
    const answer = await deploy({ package: HEALTH.name, version: unregistered.version });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().problems.join('\n')).toMatch(/sukoyaka-health\.1234abcd\.js を読み込めません|登録しません/);

    expect((await deploy({ package: HEALTH.name, version: '0.1.0-never-published' })).json().problems.join('\n')).toContain(
      '公開されていません',
    );
  });

  it('refuses an artefact whose contract the running bff does not serve, listing the differences', async () => {
    const drifted = await publish('古い契約の版', '0.1.0-drift');
    const manifestFile = artefactFile(drifted, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ArtefactManifest;
    const listWeights = manifest.contract.listWeights!;
    // Built against a listWeights that answered `unit` on every item, and a call that no longer exists.
    const output = listWeights.output as { properties: { items: { items: { properties: Record<string, unknown>; required: string[] } } } };
    output.properties.items.items.properties.unit = { type: 'string' };
    output.properties.items.items.required.push('unit');
    manifest.contract.listWeights = { ...listWeights, fingerprint: 'changed' };
    manifest.contract.listUnicorns = { ...listWeights, fingerprint: 'gone' };
    writeFileSync(manifestFile, JSON.stringify(manifest));

    const answer = await deploy({ package: HEALTH.name, version: drifted.version });
    expect(answer.statusCode).toBe(409);
    const body = answer.json() as { message: string; differences: { call: string; where: string; problem: string }[] };
    expect(body.differences).toEqual(
      expect.arrayContaining([
        { call: 'listUnicorns', where: '', problem: 'この呼び出しがなくなりました' },
        { call: 'listWeights', where: 'output.items[].unit', problem: '出力項目がなくなりました' },
      ]),
    );
    expect(body.message).toContain('動いている bff が提供しない呼び出し・形があります');
  });

  it('loses neither of two deploys at once, refuses a stale revision, and rolls back to the version before', async () => {
    const first = await publish('同時の一つ目', '0.1.0-first');
    const second = await publish('同時の二つ目', '0.1.0-second');
    const before = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/deploy/history?package=@sukoyaka/health',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json().history as { version: string; revision: number }[];
    const [a, b] = await Promise.all([
      deploy({ package: HEALTH.name, version: first.version }),
      deploy({ package: HEALTH.name, version: second.version }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const outcomes = [a.json(), b.json()] as { version: string; previousVersion: string; revision: number }[];
    const [earlier, later] = outcomes.sort((x, y) => x.revision - y.revision);
    // One after the other: the later one replaced the earlier one, which replaced what was live.
    expect(later!.revision).toBe(earlier!.revision + 1);
    expect(later!.previousVersion).toBe(earlier!.version);
    expect(earlier!.previousVersion).toBe(before[0]!.version);

    const history = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/deploy/history?package=@sukoyaka/health',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json().history as { version: string; action: string; revision: number }[];
    expect(history.slice(0, 2).map((row) => row.version)).toEqual([later!.version, earlier!.version]);

    const stale = await deploy({ package: HEALTH.name, version: first.version, expectedRevision: earlier!.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('revision_conflict');

    // Another instance on the same database sees the live version once it polls.
    const otherInstance = new LiveImportMap(ctx.db);
    await otherInstance.refresh();
    expect(otherInstance.entryOf(HEALTH.name)?.version).toBe(later!.version);

    const rollback = await ctx.app.inject({
      method: 'POST',
      url: '/api/deploy/rollback',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { package: HEALTH.name },
    });
    expect(rollback.statusCode).toBe(200);
    expect(rollback.json()).toMatchObject({ version: earlier!.version, previousVersion: later!.version });
    const page = await ctx.app.inject({ method: 'GET', url: '/vitals' });
    expect(importMapOf(page.body).imports['@sukoyaka/health']).toBe(
      `/assets/@sukoyaka/health/${earlier!.version}/sukoyaka-health.1234abcd.js`,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/import-map.json' })).json()).toEqual(importMapOf(page.body));
    await otherInstance.refresh();
    expect(otherInstance.entryOf(HEALTH.name)?.version).toBe(earlier!.version);

    const latest = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/deploy/history?package=@sukoyaka/health',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json().history[0] as { action: string; version: string };
    expect(latest).toMatchObject({ action: 'rollback', version: earlier!.version });
  });

  it('refuses a rollback when there is nothing to go back to, and an unknown package', async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/deploy/rollback',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { package: '@sukoyaka/incentives' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().problems[0]).toContain('戻せる前のバージョンがありません');
    const unknown = await deploy({ package: '@evil/package', version: '1.0.0' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().problems[0]).toContain('デプロイできるパッケージではありません');
  });

  it('deploys local builds at start when a package has none live, and replaces only what an earlier start deployed', async () => {
    const dist = path.join(webRoot, 'mf-incentives', 'dist');
    const history = async () => ctx.app.delivery.history('@sukoyaka/incentives');
    fakeBuild('最初のローカルビルド', dist, '@sukoyaka/incentives');
    const first = await ctx.app.delivery.deployLocalBuilds(webRoot);
    expect(first.map((outcome) => outcome.package)).toEqual(['@sukoyaka/incentives']);
    expect((await history())[0]).toMatchObject({ actor: 'startup', version: first[0]!.version, previousVersion: null });
    // The same build again: nothing to do.
    expect(await ctx.app.delivery.deployLocalBuilds(webRoot)).toEqual([]);
    // A new local build replaces what a start deployed…
    fakeBuild('次のローカルビルド', dist, '@sukoyaka/incentives');
    const second = await ctx.app.delivery.deployLocalBuilds(webRoot);
    expect(second).toHaveLength(1);
    expect(second[0]!.previousVersion).toBe(first[0]!.version);
    // …but never what a person deployed.
    expect((await deploy({ package: '@sukoyaka/incentives', version: first[0]!.version })).statusCode).toBe(200);
    fakeBuild('三つ目のローカルビルド', dist, '@sukoyaka/incentives');
    expect(await ctx.app.delivery.deployLocalBuilds(webRoot)).toEqual([]);
    expect(ctx.app.delivery.live.entryOf('@sukoyaka/incentives')?.version).toBe(first[0]!.version);
  });

  describe('issue 24 #1: the server never runs an artefact’s code, it parses the entry', () => {
    /** A build whose entry is `entry` (no precompressed copies), published under `version`: valid manifest and integrity. */
    const publishEntry = async (entry: string, version: string) => {
      const from = fakeBuild(`エントリ ${version}`);
      builds.push(from);
      writeFileSync(path.join(from, 'sukoyaka-health.1234abcd.js'), entry);
      rmSync(path.join(from, 'sukoyaka-health.1234abcd.js.br'));
      rmSync(path.join(from, 'sukoyaka-health.1234abcd.js.gz'));
      return publishArtefact({ pkg: HEALTH, from, artefactDir, calls, version });
    };
    const register = 'System.register([], function (e) { return { execute: function () { e("x", 1); } }; });';
    const marker = path.join(tmpdir(), `sukoyaka-escaped-${process.pid}`);
    afterEach(() => {
      delete process.env.SUKOYAKA_ESCAPED;
      delete process.env.SUKOYAKA_DECLARED;
      rmSync(marker, { force: true });
    });

    it('refuses the artefact that escaped node:vm, and nothing of it ran', async () => {
      // The attack of the issue: the host realm's Function, reached through System.register, returns the real process.
      const escape =
        `var p = System.register.constructor('return process')(); p.env.SUKOYAKA_ESCAPED = p.env.DATA_ENCRYPTION_KEY || 'read';` +
        `if (p.getBuiltinModule) p.getBuiltinModule('fs').writeFileSync(${JSON.stringify(marker)}, 'escaped');`;
      const manifest = await publishEntry(`${escape}\n${register}`, '0.1.0-escape');
      const before = (await ctx.app.delivery.history(HEALTH.name))[0]?.version ?? null;
      const answer = await deploy({ package: HEALTH.name, version: manifest.version });
      expect(process.env.SUKOYAKA_ESCAPED).toBeUndefined();
      expect(existsSync(marker)).toBe(false);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().problems.join('\n')).toContain(
        'sukoyaka-health.1234abcd.js は SystemJS のモジュールを正しく登録しません: 最上位の文が 4 個あります',
      );
      // Not live: the package's entry is what it was.
      expect((await ctx.app.delivery.history(HEALTH.name))[0]?.version ?? null).toBe(before);
    });

    it('never calls the declaration either: a well-formed entry whose declaration escapes deploys, and nothing of it ran', async () => {
      const entry =
        'System.register([], function (e) { System.register.constructor("return process")().env.SUKOYAKA_DECLARED = "1";' +
        ' return { execute: function () {} }; });';
      const manifest = await publishEntry(entry, '0.1.0-declared');
      const answer = await deploy({ package: HEALTH.name, version: manifest.version });
      expect(answer.statusCode).toBe(200);
      expect(process.env.SUKOYAKA_DECLARED).toBeUndefined();
    });

    it.each([
      ['two registrations', `${register}\n${register}`, '最上位の文が 2 個あります'],
      ['code before the registration', `globalThis.before = 1;\n${register}`, '最上位の文が 2 個あります'],
      ['code after the registration', `${register}\nglobalThis.after = 1;`, '最上位の文が 2 個あります'],
      ['the registration inside an IIFE', `(function () { ${register} })();`, 'System.register の呼び出しではありません'],
      [
        'the registration inside a comma expression',
        `globalThis.x = 1, ${register.slice(0, -1)};`,
        'System.register の呼び出しではありません',
      ],
      [
        'a computed System["register"]',
        register.replace('System.register', 'System["register"]'),
        'System.register の呼び出しではありません',
      ],
      ['a named registration', register.replace('System.register([]', 'System.register("@evil/name", []'), '引数は'],
      ['a computed dependency', register.replace('[]', '["re" + "act"]'), '文字列リテラルではありません'],
      ['a spread dependency list', register.replace('[]', '[...globalThis.deps]'), '文字列リテラルではありません'],
      ['a dependency list that is not an array', register.replace('[]', '[].concat([])'), '引数は'],
      ['a declaration that is not a function', 'System.register([], globalThis.declare);', '宣言が function 式ではありません'],
      ['a declaration without execute', 'System.register([], function (e) { return {}; });', 'execute'],
      [
        'fewer setters than dependencies',
        'System.register(["react"], function (e) { return { setters: [], execute: function () {} }; });',
        'setters の数',
      ],
      ['a script that does not parse', 'System.register([], function (e) {', '構文エラー'],
    ])('refuses %s', async (name, entry, problem) => {
      const version = `0.1.0-shape-${name.replace(/[^a-z]+/g, '-')}`.slice(0, 60);
      const manifest = await publishEntry(entry, version);
      const answer = await deploy({ package: HEALTH.name, version: manifest.version });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().problems.join('\n')).toContain(problem);
    });

    it('reads the dependencies of webpack’s SystemJS output from the parsed entry, comments and compile hints around it', () => {
      // As webpack writes root-config's react-dom and an area's entry (production build, shortened).
      const reactDom =
        '//# allFunctionsCalledOnLoad\n/*! For license information please see react-dom.86ece187.js.LICENSE.txt */\n' +
        'System.register(["react"],function(e,t){var n={};return Object.defineProperty(n,"__esModule",{value:!0}),' +
        '{setters:[function(e){n.default=e.default||e,Object.keys(e).forEach(function(t){n[t]=e[t]})}],' +
        'execute:function(){e((()=>{var e={};return e})())}}});\n//# sourceMappingURL=react-dom.86ece187.js.map';
      expect(checkSystemModule(reactDom, 'react-dom.js')).toEqual({ dependencies: ['react'] });
      const area =
        'System.register(["@sukoyaka/contract/health","@sukoyaka/shared","react"],function(e,t){var a={},s={},o={};' +
        'return{setters:[function(e){a.X=e.X},function(e){s.Y=e.Y},function(e){o.default=e.default||e}],' +
        'execute:function(){e((()=>{const c={};return c})())}}});';
      expect(checkSystemModule(area, 'sukoyaka-health.js')).toEqual({
        dependencies: ['@sukoyaka/contract/health', '@sukoyaka/shared', 'react'],
      });
    });
  });
});
