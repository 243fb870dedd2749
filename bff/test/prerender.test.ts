import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PRERENDER = path.resolve(__dirname, '../src/web/prerender.ts');

/**
 * Run in a process of its own under Node's module loader (in jest, `createRequire` is jest's and
 * its cache is not Node's): two areas' renders and the shared modules, built again in turn.
 */
const steps = (webRoot: string) => `
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderPage } from ${JSON.stringify(PRERENDER)};
const webRoot = ${JSON.stringify(webRoot)};
// A file with a modification time of its own: a build a second later.
const write = (file, text, second) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, second, second);
};
// The shared file counts its loads, as a module's own state would be kept once.
const writeShared = (build, second) => write(path.join(webRoot, 'mf-shared/dist-server/server-shared.cjs'),
  'globalThis.loads = (globalThis.loads ?? 0) + 1; module.exports = { "@sukoyaka/shared": { build: "' + build + '" } };', second);
const writeRender = (folder, second) => write(path.join(webRoot, folder, 'dist-server/render-page.cjs'),
  'const shared = require("../../mf-shared/dist-server/server-shared.cjs")["@sukoyaka/shared"];' +
  'exports.renderPage = async ({ url }) => ({ html: url + " " + shared.build, css: "", queries: [] });', second);
const seen = [];
const look = async (folder) => seen.push([folder, (await renderPage(webRoot, folder, { url: '/x', answers: {} }))?.html, globalThis.loads]);
writeShared('one', 1000);
writeRender('mf-health', 1000);
writeRender('mf-account', 1000);
await look('mf-health');
await look('mf-account');
// A new build of mf-shared and of one area: that area's render loads the new shared modules.
writeShared('two', 2000);
writeRender('mf-health', 2000);
await look('mf-health');
await look('mf-account');
// The other area built again: it takes the shared modules already loaded, not a third copy.
writeRender('mf-account', 2000);
await look('mf-account');
console.log(JSON.stringify(seen));
`;

/**
 * Decision 0040: the areas' server renders take mf-shared and the contract from one file beside
 * them (mf-shared/dist-server/server-shared.cjs), loaded once in the process.
 */
describe('the modules the server renders share', () => {
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'sukoyaka-renders-'));
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  test('two areas’ renders use one loading of them; a render built again takes their new build, a render not built again keeps its own', () => {
    const script = path.join(webRoot, 'steps.mts');
    writeFileSync(script, steps(webRoot));
    const seen = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' })) as unknown;
    expect(seen).toEqual([
      ['mf-health', '/x one', 1],
      ['mf-account', '/x one', 1],
      ['mf-health', '/x two', 2],
      ['mf-account', '/x one', 2],
      ['mf-account', '/x two', 2],
    ]);
  });
});
