// The contract as the browser loads it: one SystemJS module per contract area, so a page loads
// the core (define, errors, paths, routes, every call's method) and the schemas of the areas its
// code imports, never every area's (issue 9). The core has no schema: zod/mini comes with the
// modules that build schemas (the field builders, `@sukoyaka/contract/fields`, and the areas), so
// a page without a form or a schema's constant loads no zod (issue 27). The areas are the contract package's
// `exports` subpaths (`@sukoyaka/contract/health`, …) that contract/src/index.ts also re-exports:
// front-end code imports each name from the module that exports it, as tsc, jest and webpack
// resolve it; nothing rewrites the sources.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** The repository: the contract's sources and the generated entries are relative to it. */
const REPO_ROOT = path.resolve(__dirname, '..');
const CONTRACT_SRC = path.resolve(REPO_ROOT, 'contract', 'src');
const CONTRACT_SPECIFIER = '@sukoyaka/contract';
/** Generated entry files (root-config's build) live outside the repository's sources. */
const GENERATED_DIR = path.resolve(REPO_ROOT, 'node_modules', '.cache', 'sukoyaka-contract');
/** The package's `exports` subpaths without the root: `fields`, `health`, …, `compat`. */
function exportedSubpaths() {
  const { exports } = JSON.parse(fs.readFileSync(path.join(CONTRACT_SRC, '..', 'package.json'), 'utf8'));
  return Object.keys(exports)
    .filter((key) => key !== '.')
    .map((key) => key.slice(2));
}

/** Every module the contract's package exports, by specifier: `@sukoyaka/contract` and each subpath's. */
const contractModules = () => [CONTRACT_SPECIFIER, ...exportedSubpaths().map((subpath) => `${CONTRACT_SPECIFIER}/${subpath}`)];

/**
 * The core files (`export * from './x'` lines of contract/src/index.ts that are not an area) and
 * the areas: the package's `exports` subpaths that index.ts re-exports (compat is not one).
 */
function indexParts() {
  const source = fs.readFileSync(path.join(CONTRACT_SRC, 'index.ts'), 'utf8');
  const parts = [...source.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)].map((match) => match[1]);
  const subpaths = exportedSubpaths();
  const areas = parts.filter((part) => subpaths.includes(part));
  return { coreFiles: parts.filter((part) => !areas.includes(part)), areas };
}

/*
 * What each module exports at run time and which area owns each call, read by loading the
 * contract's TypeScript (tsx) once per build in a child process.
 */
const LAYOUT_SCRIPT = `
const [src, areas] = [process.argv[1], JSON.parse(process.argv[2])];
// tsx loads the contract's files as CommonJS: the exports are the default export's members.
const load = async (file) => { const mod = await import(file); return mod.default && mod.default.__esModule ? mod.default : mod; };
const index = await load(src + '/index.ts');
const layout = { areas: {}, calls: {} };
const owner = new Map();
for (const area of areas) {
  const mod = await load(src + '/' + area + '/index.ts');
  layout.areas[area] = Object.keys(mod).filter((name) => name !== 'default' && name !== '__esModule');
  for (const value of Object.values(mod)) {
    if (!value || typeof value !== 'object') continue;
    const names = Object.keys(value).filter((name) => index.calls[name] === value[name]);
    if (names.length === 0) continue;
    for (const name of names) owner.set(name, area);
  }
}
for (const [name, definition] of Object.entries(index.calls)) {
  layout.calls[name] = { method: definition.method, readOnly: Boolean(definition.readOnly), area: owner.get(name) ?? '' };
}
layout.index = Object.keys(index).filter((name) => name !== 'default' && name !== '__esModule');
process.stdout.write(JSON.stringify(layout));
`;

let cached;
/** The contract's modules: `exportsOf[name]` is the module specifier that exports `name`. */
function contractLayout() {
  if (cached) return cached;
  const { coreFiles, areas } = indexParts();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', LAYOUT_SCRIPT, CONTRACT_SRC, JSON.stringify(areas)],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`cannot read the contract's layout:\n${run.stderr}`);
  const layout = JSON.parse(run.stdout);
  const exportsOf = {};
  for (const area of areas) for (const name of layout.areas[area]) exportsOf[name] = `${CONTRACT_SPECIFIER}/${area}`;
  for (const name of layout.index) exportsOf[name] ??= CONTRACT_SPECIFIER;
  cached = { coreFiles, areas, calls: layout.calls, exportsOf };
  return cached;
}

/**
 * The folders other areas import as their module, not as a copy: the field builders, and the
 * zod-free modules the areas' schemas build on (each area's terms, the forecast's score), which the pages load on their own. (Another area's file,
 * operators/shared.ts, is bundled into each area that imports it, a few hundred bytes, rather
 * than loading the operators' whole module.)
 */
const SHARED_AREAS = ['fields', 'account-terms', 'content-terms', 'myna-terms', 'incentive-terms', 'health-terms', 'forecast'];

/** The module specifier of an area's contract module. */
const areaSpecifier = (area) => `${CONTRACT_SPECIFIER}/${area}`;

/*
 * zod/mini as one shared module with only the `z` members the contract names (`z.object`, …): the
 * package's `z` namespace carries every locale and every helper. The contract's browser files are
 * read as syntax trees (comments and strings name nothing); a member that is a type only (z.infer)
 * is not in zod at run time and is left out. Answers each member with the members read of it
 * (`z.iso.datetime`: iso → [datetime]).
 */
function zodMemberReads() {
  const ts = require('typescript');
  const reads = new Map();
  for (const [file, source] of contractBrowserSources()) {
    const visit = (node) => {
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'z') {
        const member = node.name.text;
        if (!reads.has(member)) reads.set(member, new Set());
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === node) reads.get(member).add(parent.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  }
  return reads;
}

function zodMembersUsed() {
  const z = require('zod/mini');
  return [...zodMemberReads().keys()].filter((name) => name !== 'locales' && z[name] !== undefined).sort();
}

/** Every contract file the browser loads (tests left out), as [file, text]. */
function contractBrowserSources() {
  const { coreFiles, areas } = contractLayout();
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(full);
    }
  };
  for (const part of [...coreFiles, ...areas, 'zod-locale', 'define']) {
    const folder = path.join(CONTRACT_SRC, part);
    if (fs.existsSync(folder) && fs.statSync(folder).isDirectory()) walk(folder);
    else if (fs.existsSync(`${folder}.ts`)) files.push(`${folder}.ts`);
  }
  return files.map((file) => [file, fs.readFileSync(file, 'utf8')]);
}

/**
 * Members the contract names only as types (`z.ZodType`, `z.input<…>`, `z.output<…>`): left out
 * of the browser's zod (mini has no ZodType; its input/output helpers would bring their own code).
 */
const TYPE_ONLY_MEMBERS = ['ZodType', 'ZodMiniType', 'core', 'input', 'output'];
/** Namespaces of factories. */
const NAMESPACES = ['coerce', 'iso'];

/**
 * The browser's zod is zod/mini (same core, far fewer bytes): the members the contract uses, each
 * from mini, as [name, null] or [namespace, its factories used]. A member mini lacks fails the
 * build, unless the contract names it as a type only.
 */
function zodMembersOnMini() {
  const mini = require('zod/mini');
  const reads = zodMemberReads();
  const entries = zodMembersUsed()
    .filter((name) => !TYPE_ONLY_MEMBERS.includes(name))
    .map((name) => {
      if (!NAMESPACES.includes(name)) return [name, null];
      // z.coerce and z.iso: only the factories named (z.iso.datetime), not the whole namespace.
      const inner = [...reads.get(name)].sort();
      const missing = inner.filter((member) => mini[name][member] === undefined);
      if (missing.length > 0) throw new Error(`zod/mini has no ${name}.${missing.join(', ')}`);
      return [name, inner];
    });
  const missing = entries.filter(([name]) => mini[name] === undefined).map(([name]) => name);
  if (missing.length > 0) throw new Error(`zod/mini has no ${missing.join(', ')}: the contract cannot use it`);
  return entries;
}

function writeGenerated(name, source) {
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  const file = path.join(GENERATED_DIR, name);
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  return file;
}

const importPath = (file) => JSON.stringify(file.split(path.sep).join('/'));

/** root-config's entries for zod/mini and the contract modules: { entryName: { import, specifier } }. */
function contractEntries() {
  const { coreFiles, areas, calls } = contractLayout();
  const members = zodMembersOnMini();
  const zod = writeGenerated(
    'zod-mini.js',
    [
      '// Generated by @sukoyaka/build (contract.cjs): the z members the contract uses, from zod/mini, and the Japanese locale.',
      "import { z as mini } from 'zod/mini';",
      "import { ja } from 'zod/locales';",
      // As contract/src/zod-locale.ts does for the bff: wherever zod is loaded, its messages are Japanese.
      'mini.config(ja());',
      `export const z = { ${members
        .map(([name, inner]) =>
          inner ? `${name}: { ${inner.map((member) => `${member}: mini.${name}.${member}`).join(', ')} }` : `${name}: mini.${name}`,
        )
        .join(', ')}, locales: { ja } };`,
      '',
    ].join('\n'),
  );
  // Every call's method for the api client; the schemas come with the area's module (its record,
  // `healthCalls`, …): reading one through `calls` says which module to import it from. The names
  // are written as one string per area, method and readOnly: 0.18 KiB (brotli) less than one
  // entry per call, which every page's first script carries.
  const groups = new Map();
  for (const [name, call] of Object.entries(calls)) {
    if (!call.area) throw new Error(`the call ${name} is in no area's record`);
    const key = [call.area, call.method, call.readOnly].map((value) => JSON.stringify(value)).join(', ');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(name);
  }
  const stubGroups = [...groups].map(([key, names]) => `...stubs(${key}, ${JSON.stringify(names.join(' '))})`);
  const core = writeGenerated(
    'contract.js',
    [
      '// Generated by @sukoyaka/build (contract.cjs): the contract core, and every call by name without its schemas.',
      // documented.ts is what only the OpenAPI document reads (strip-documentation.cjs takes its uses out).
      ...coreFiles.filter((part) => part !== 'documented').map((part) => `export * from ${importPath(path.join(CONTRACT_SRC, part))};`),
      'function stubs(area, method, readOnly, names) {',
      "  const missing = () => { throw new Error('the schemas of this call are in @sukoyaka/contract/' + area + ': import the area\\'s calls record from there'); };",
      '  const stub = { method, readOnly, get input() { return missing(); }, get output() { return missing(); } };',
      "  return Object.fromEntries(names.split(' ').map((name) => [name, stub]));",
      '}',
      `export const calls = { ${stubGroups.join(', ')} };`,
      '',
    ].join('\n'),
  );
  const entries = {
    'zod-mini': { import: zod, specifier: 'zod/mini' },
    contract: { import: core, specifier: CONTRACT_SPECIFIER },
  };
  // Each area's module is the area's own index, as the package exports it.
  for (const area of areas)
    entries[`contract-${area}`] = { import: path.join(CONTRACT_SRC, area, 'index.ts'), specifier: areaSpecifier(area) };
  return entries;
}

/**
 * In root-config's build: a contract area's import of a core file is the core module (loaded
 * once), of the field builders their module (SHARED_AREAS), never a copy; zod/mini is the shared
 * zod/mini module. Answers the external's specifier or null.
 */
function contractExternal(request, context, issuer) {
  if (!issuer || !issuer.startsWith(CONTRACT_SRC + path.sep)) return null;
  if (request === 'zod/mini') return 'zod/mini';
  if (!request.startsWith('.')) return null;
  const { coreFiles } = contractLayout();
  const parts = path.relative(CONTRACT_SRC, issuer).split(path.sep);
  const target = path.relative(CONTRACT_SRC, path.resolve(context, request)).split(path.sep)[0].replace(/\.ts$/, '');
  // Within one area's folder (or among the core's files), one module.
  const own = parts.length < 2 ? null : parts[0];
  if (target === own) return null;
  if (SHARED_AREAS.includes(target)) return areaSpecifier(target);
  if (own === null) return null;
  return coreFiles.includes(target) ? CONTRACT_SPECIFIER : null;
}

module.exports = {
  CONTRACT_SPECIFIER,
  GENERATED_DIR,
  contractEntries,
  contractExternal,
  contractLayout,
  contractModules,
  zodMembersOnMini,
  zodMembersUsed,
};
