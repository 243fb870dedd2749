// The contract as the browser loads it: one SystemJS module per contract area, so a page loads
// zod, the core (define, errors, fields, paths, routes, the system calls) and the schemas of the
// areas its code names, never every area's (issue 9). Everything here is derived from the
// contract's own files at build time: a new area folder exported from contract/src/index.ts
// becomes `@sukoyaka/contract/<folder>` without editing any configuration.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const CONTRACT_SRC = path.resolve(__dirname, 'contract', 'src');
const CONTRACT_SPECIFIER = '@sukoyaka/contract';
/** Generated entry files (root-config's build) live outside the repository's sources. */
const GENERATED_DIR = path.resolve(__dirname, 'node_modules', '.cache', 'sukoyaka-contract');
/** The folder whose calls and schemas are part of the core module: every page needs them. */
const CORE_FOLDERS = ['system'];

/** `export * from './x'` lines of contract/src/index.ts: the core files and the area folders. */
function indexParts() {
  const source = fs.readFileSync(path.join(CONTRACT_SRC, 'index.ts'), 'utf8');
  const parts = [...source.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)].map((match) => match[1]);
  const isFolder = (part) => fs.existsSync(path.join(CONTRACT_SRC, part, 'index.ts'));
  return {
    coreFiles: parts.filter((part) => !isFolder(part) || CORE_FOLDERS.includes(part)),
    areas: parts.filter((part) => isFolder(part) && !CORE_FOLDERS.includes(part)),
  };
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
const layout = { areas: {}, calls: {}, records: {} };
const owner = new Map();
for (const area of areas) {
  const mod = await load(src + '/' + area + '/index.ts');
  layout.areas[area] = Object.keys(mod).filter((name) => name !== 'default' && name !== '__esModule');
  for (const [exported, value] of Object.entries(mod)) {
    if (!value || typeof value !== 'object') continue;
    const names = Object.keys(value).filter((name) => index.calls[name] === value[name]);
    if (names.length === 0) continue;
    layout.records[area] = [...(layout.records[area] ?? []), exported];
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
      cwd: __dirname,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`cannot read the contract's layout:\n${run.stderr}`);
  const layout = JSON.parse(run.stdout);
  const exportsOf = {};
  for (const area of areas) for (const name of layout.areas[area]) exportsOf[name] = `${CONTRACT_SPECIFIER}/${area}`;
  for (const name of layout.index) exportsOf[name] ??= CONTRACT_SPECIFIER;
  cached = { coreFiles, areas, calls: layout.calls, records: layout.records, exportsOf };
  return cached;
}

/** The module specifier of an area's contract module. */
const areaSpecifier = (area) => `${CONTRACT_SPECIFIER}/${area}`;

/*
 * zod as one shared module with only the `z` members the contract names (`z.object`, …): the
 * package's `z` namespace carries every locale and every helper. The scan reads the contract's
 * browser files; a member that is a type only (z.infer) is not in zod at run time and is left out.
 */
function zodMembersUsed() {
  const members = new Set();
  for (const source of contractBrowserSources()) {
    for (const match of source.matchAll(/\bz\s*\.\s*([A-Za-z_$][\w$]*)/g)) members.add(match[1]);
  }
  const z = require('zod/mini');
  return [...members].filter((name) => name !== 'locales' && z[name] !== undefined).sort();
}

/** The text of every contract file the browser loads (tests left out). */
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
  return files.map((file) => fs.readFileSync(file, 'utf8'));
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
  const sources = contractBrowserSources();
  const entries = zodMembersUsed()
    .filter((name) => !TYPE_ONLY_MEMBERS.includes(name))
    .map((name) => {
      if (!NAMESPACES.includes(name)) return [name, null];
      // z.coerce and z.iso: only the factories named (z.iso.datetime), not the whole namespace.
      const pattern = new RegExp(`\\bz\\s*\\.\\s*${name}\\s*\\.\\s*([A-Za-z_$][\\w$]*)`, 'g');
      const inner = [...new Set(sources.flatMap((source) => [...source.matchAll(pattern)].map((match) => match[1])))].sort();
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

/** root-config's entries for zod and the contract modules: { entryName: { import, specifier } }. */
function contractEntries() {
  const { coreFiles, areas, calls, records } = contractLayout();
  const members = zodMembersOnMini();
  const zod = writeGenerated(
    'zod.js',
    [
      '// Generated by webpack.contract.cjs: the z members the contract uses, from zod/mini, and the Japanese locale.',
      "import * as mini from 'zod/mini';",
      "import ja from 'zod/v4/locales/ja.js';",
      `export const z = { ${members
        .map(([name, inner]) =>
          inner ? `${name}: { ${inner.map((member) => `${member}: mini.${name}.${member}`).join(', ')} }` : `${name}: mini.${name}`,
        )
        .join(', ')}, locales: { ja } };`,
      '',
    ].join('\n'),
  );
  // Every call's method for the api client: the schemas come with the area's module, which
  // replaces the entry; reading a schema before that says which module to import.
  const stubs = Object.entries(calls)
    .filter(([, call]) => call.area)
    .map(([name, call]) => `${name}: stub(${JSON.stringify(call.method)}, ${call.readOnly}, ${JSON.stringify(call.area)})`);
  const core = writeGenerated(
    'contract.js',
    [
      '// Generated by webpack.contract.cjs: the contract core; area modules add their calls to `calls`.',
      `import ${importPath(path.join(CONTRACT_SRC, 'zod-locale.ts'))};`,
      ...coreFiles.map((part) => `export * from ${importPath(path.join(CONTRACT_SRC, part))};`),
      `import { systemCalls } from ${importPath(path.join(CONTRACT_SRC, 'system'))};`,
      'function stub(method, readOnly, area) {',
      "  const missing = () => { throw new Error('the schemas of this call are in @sukoyaka/contract/' + area + ': name the call as calls.<name> or import its area record'); };",
      '  return { method, readOnly, get input() { return missing(); }, get output() { return missing(); } };',
      '}',
      `export const calls = { ${stubs.join(', ')}, ...systemCalls };`,
      '',
    ].join('\n'),
  );
  const entries = {
    zod: { import: zod, specifier: 'zod' },
    contract: { import: core, specifier: CONTRACT_SPECIFIER },
  };
  for (const area of areas) {
    const folder = importPath(path.join(CONTRACT_SRC, area));
    const file = writeGenerated(
      `contract-${area}.js`,
      [
        `// Generated by webpack.contract.cjs: the ${area} area's schemas; its calls join the core's \`calls\`.`,
        `import { calls } from '${CONTRACT_SPECIFIER}';`,
        `import * as area from ${folder};`,
        `export * from ${folder};`,
        ...(records[area] ?? []).map((record) => `Object.assign(calls, area.${record});`),
        '',
      ].join('\n'),
    );
    entries[`contract-${area}`] = { import: file, specifier: areaSpecifier(area) };
  }
  return entries;
}

/**
 * In root-config's build: a contract area's import of a core file is the core module (loaded
 * once), not a copy; zod is the shared zod module. Answers the external's specifier or null.
 */
function contractExternal(request, context, issuer) {
  if (!issuer || !issuer.startsWith(CONTRACT_SRC + path.sep)) return null;
  if (request === 'zod' || request === 'zod/mini') return 'zod';
  if (!request.startsWith('.')) return null;
  const { coreFiles } = contractLayout();
  const parts = path.relative(CONTRACT_SRC, issuer).split(path.sep);
  // A core file (top level, or a core folder's) is part of the core module itself.
  if (parts.length < 2 || coreFiles.includes(parts[0])) return null;
  const target = path.relative(CONTRACT_SRC, path.resolve(context, request)).split(path.sep)[0].replace(/\.ts$/, '');
  return coreFiles.includes(target) ? CONTRACT_SPECIFIER : null;
}

/**
 * A webpack loader (after swc) for the front-end packages: `import { a, b } from
 * '@sukoyaka/contract'` becomes one import per contract module that exports the names, and a
 * file that reads `calls.someCall` imports that call's area module, whose schemas fill `calls`.
 */
function rewriteContractImports(source) {
  const { exportsOf, calls } = contractLayout();
  const needed = new Set();
  // `import { … } from` and `export { … } from` alike.
  let rewritten = source.replace(/\b(import|export)\s*\{([^}]*)\}\s*from\s*["']@sukoyaka\/contract["'];?/g, (_statement, keyword, list) => {
    const byModule = new Map();
    for (const item of list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const imported = item.split(/\s+as\s+/)[0].trim();
      const specifier = exportsOf[imported];
      if (!specifier) throw new Error(`${imported} is not exported by any contract module (contract/src/index.ts)`);
      byModule.set(specifier, [...(byModule.get(specifier) ?? []), item]);
    }
    return [...byModule].map(([specifier, items]) => `${keyword} { ${items.join(', ')} } from ${JSON.stringify(specifier)};`).join('\n');
  });
  if (/import\s*\{[^}]*\bcalls\b[^}]*\}\s*from\s*["']@sukoyaka\/contract["']/.test(source)) {
    // `calls[expression]` adds nothing: every call's method is in the core (the api client reads
    // only that); a schema read that way throws until its area's module is loaded.
    for (const match of source.matchAll(/\bcalls\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*["']([\w$]+)["']\s*\])/g)) {
      const area = calls[match[1] ?? match[2]]?.area;
      if (area) needed.add(areaSpecifier(area));
    }
  }
  if (/\b(?:import\s*\*\s*as\s+\w+|export\s*\*)\s*from\s*["']@sukoyaka\/contract["']/.test(rewritten)) {
    throw new Error('import * / export * from @sukoyaka/contract: name the imports (the contract is split per area)');
  }
  for (const specifier of needed) rewritten = `import ${JSON.stringify(specifier)};\n${rewritten}`;
  return rewritten;
}

module.exports = {
  CONTRACT_SPECIFIER,
  GENERATED_DIR,
  contractEntries,
  contractExternal,
  contractLayout,
  rewriteContractImports,
  zodMembersOnMini,
  zodMembersUsed,
};
