// Jest's transform for every module the tests load, ours and node_modules' alike: TypeScript goes
// through SWC as before, and every module gets the language's built-in objects as module-local
// variables.
//
// Why: jest runs each test file in its own vm context, and on Node 20 every read of a global
// there (`Object`, `Array`, `Symbol`…) goes through the context's interceptor, about 190 ns
// instead of 1 ns. Library code reads them in its hottest paths (Drizzle's `is()` reads `Object`
// three times and ran 6× slower under jest than in Node; zod, Fastify and React alike), and that
// was a third of the API tests' time (docs/performance.md, "The test suites"). The variables
// hold the very same objects, read once when the module loads, so nothing behaves differently.
// Only intrinsics are listed: never timers, `Date` or `performance`, which jest's fake timers
// replace after modules have loaded.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const swcJest = require('@swc/jest');

const INTRINSICS = [
  'Object',
  'Array',
  'Symbol',
  'JSON',
  'Math',
  'Reflect',
  'Promise',
  'Number',
  'String',
  'Boolean',
  'BigInt',
  'RegExp',
  'Error',
  'TypeError',
  'RangeError',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'ArrayBuffer',
  'DataView',
  'Uint8Array',
  'Buffer',
];

// Jest caches transformed files by key: this file's own text is part of it, so a change here
// transforms everything again.
const VERSION = createHash('sha256').update(readFileSync(__filename)).digest('hex');

// A name the module binds itself keeps its own meaning and is not made local: a top-level `let`,
// `const` or `class` of that name (destructured too) would clash with the `var`, and a module
// that assigns the global must still assign the global. The test is coarse on purpose: a false
// match only leaves that name as it was.
const ownedBy = (source, name) =>
  new RegExp(
    `\\b(?:const|let|class)\\s+${name}\\b|\\b(?:const|let)\\s*[{[][^;=()]*?\\b${name}\\b[^;=()]*?[}\\]]\\s*=|[^.\\w$]${name}\\s*=(?!=)`,
  ).test(source);

// The directive prologue stays first, or a strict module would stop being strict.
const PROLOGUE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(["'])use strict\1;?/;

function withLocalIntrinsics(code) {
  if (code.startsWith('#!')) return code;
  const names = INTRINSICS.filter((name) => code.includes(name) && !ownedBy(code, name));
  if (names.length === 0) return code;
  // One line, so every line number (stack traces, source maps) stays where it was.
  const prelude = `var ${names.map((name) => `${name} = globalThis.${name}`).join(', ')};`;
  const prologue = PROLOGUE.exec(code);
  return prologue ? `${prologue[0]};${prelude}${code.slice(prologue[0].length)}` : `${prelude}${code}`;
}

/**
 * options.swc: @swc/jest's options; options.compile: the node_modules packages that ship only ES
 * modules, compiled to CommonJS as our TypeScript is. Other node_modules files only get the prelude.
 */
function createTransformer(options) {
  const swc = swcJest.createTransformer(options.swc);
  const esmOnly = new RegExp(`/node_modules/(${(options.compile ?? []).join('|')})/`);
  const compiles = (path) => !path.includes('/node_modules/') || esmOnly.test(path);
  return {
    canInstrument: false,
    getCacheKey(source, path, transformOptions) {
      const inner = compiles(path) ? swc.getCacheKey(source, path, transformOptions) : source;
      return createHash('sha256').update(VERSION).update('\0').update(inner).update('\0').update(path).digest('hex');
    },
    process(source, path, transformOptions) {
      if (!compiles(path)) return { code: withLocalIntrinsics(source) };
      const result = swc.process(source, path, transformOptions);
      return { ...result, code: withLocalIntrinsics(result.code) };
    },
  };
}

module.exports = { createTransformer, withLocalIntrinsics };
