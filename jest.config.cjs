// One `npm test` for every package: unit tests next to the code, API tests over a real database.
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

// Jest does not apply webpack externals: @sukoyaka/* resolve to the workspace sources.
const moduleNameMapper = {
  '^@sukoyaka/contract$': '<rootDir>/../contract/src/index.ts',
  // The contract's `exports` subpaths (contract/package.json): one per area, the small modules of
  // their own (the areas' zod-free terms, announcement-categories, expiry, forecast), and compat.
  '^@sukoyaka/contract/(account|account-terms|announcement-categories|content|content-terms|expiry|fields|forecast|health|health-terms|incentive-terms|incentives|myna|myna-terms|operator-terms|operators|system|compat)$':
    '<rootDir>/../contract/src/$1/index.ts',
  '^@sukoyaka/fakes$': '<rootDir>/../fakes/src/index.ts',
  '^@sukoyaka/shared$': '<rootDir>/../mf-shared/src/index.ts',
  '^@sukoyaka/shared/testing$': '<rootDir>/../mf-shared/src/testing/index.ts',
  '^@sukoyaka/shared/server$': '<rootDir>/../mf-shared/src/server/index.tsx',
  '^@sukoyaka/shared/widgets$': '<rootDir>/../mf-shared/src/widgets/index.ts',
  '^@sukoyaka/shared/charts$': '<rootDir>/../mf-shared/src/charts/index.ts',
  '\\.svg$': '<rootDir>/../types/file-stub.cjs',
};

// Dependencies that ship only ES modules (jest on Node 20 cannot require them): compiled to CommonJS.
// oidc-provider is the independent OpenID provider the bff's clients are tested against
// (bff/test/peers); its own dependencies (koa, debug) are CommonJS already, jose is above.
// d3-array gives the charts' round numbers (mf-shared's charts module); internmap is its dependency.
const esmOnly = ['jose', 'oidc-provider', 'd3-array', 'internmap'];

// Every module, node_modules' too, through jest.transform.cjs: our TypeScript and the ES-only
// packages compiled by SWC, and each module given the built-in objects as local variables (why:
// jest.transform.cjs).
const transform = { '^.+\\.[cm]?[jt]sx?$': ['<rootDir>/../jest.transform.cjs', { swc: swcOptions, compile: esmOnly }] };

// npm test runs the bff's API test files in groups (bff/test/groups/files.cjs says why); a run
// that names test paths (`npx jest bff/test/signup.test.ts`, `--testPathPatterns signup`) or picks
// them by what changed (`--onlyChanged`, `--changedSince`, `--watch`: jest cannot see a group's
// files behind its require) runs them one by one, so the path names the file itself.
const apiTests = require('./bff/test/groups/files.cjs');
const cliOptions = require('jest-cli').yargsOptions;
const cli = require('yargs-parser')(process.argv.slice(2), {
  boolean: Object.keys(cliOptions).filter((name) => cliOptions[name].type === 'boolean'),
  array: Object.keys(cliOptions).filter((name) => cliOptions[name].type === 'array'),
  string: Object.keys(cliOptions).filter((name) => cliOptions[name].type === 'string'),
  alias: Object.fromEntries(Object.entries(cliOptions).flatMap(([name, option]) => (option.alias ? [[name, option.alias]] : []))),
});
const pathPatterns = [...cli._, ...[cli.testPathPatterns ?? [], cli.testPathPattern ?? []].flat()].map(String);
// …unless they name the groups themselves (`--testPathPatterns groups/part4`).
const picksByChange = ['onlyChanged', 'changedSince', 'lastCommit', 'watch', 'watchAll', 'findRelatedTests'].some((option) => cli[option]);
const namesTestPaths = picksByChange || (pathPatterns.length > 0 && !pathPatterns.some((pattern) => pattern.includes('groups/')));
const bffTestMatch = namesTestPaths
  ? ['<rootDir>/test/**/*.test.ts', '!**/test/groups/**']
  : ['<rootDir>/test/groups/part*.test.ts', ...apiTests.ALONE.map((file) => `<rootDir>/test/${file}`)];

const node = (name, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: [],
  moduleNameMapper,
  testMatch: ['<rootDir>/**/*.test.ts'],
  ...extra,
});

const browser = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  transform,
  transformIgnorePatterns: [],
  moduleNameMapper,
  setupFilesAfterEnv: ['<rootDir>/../mf-shared/src/testing/setup-tests.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});

module.exports = {
  rootDir: __dirname,
  // A hang detector, not a speed check (speed is `npm run bench`'s): long enough for a test file's
  // setup on a 2-core machine running other work at load 20 and more (docs/performance.md, "The test suites").
  testTimeout: 120_000,
  // Every core (jest's default leaves one idle: on a 2-core machine, the files would run one at a
  // time). Each API test file has its own database, so files run side by side.
  maxWorkers: '100%',
  // A worker that holds more than this after a file is replaced before the next: each API file
  // leaves its embedded database's memory behind, and a worker grown to 4 GB spent its time in
  // the garbage collector (npm test took 467 s instead of 340, docs/performance.md).
  workerIdleMemoryLimit: '1GB',
  // The longest files first, also on a fresh clone without jest's timing cache (jest.sequencer.cjs).
  testSequencer: '<rootDir>/jest.sequencer.cjs',
  projects: [
    node('contract'),
    // bff/test/peers/debian/: the checks against programs from Debian, not npm (promtool): `npm run test:peers`.
    node('bff', {
      testMatch: bffTestMatch,
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/peers/debian/'],
      // argon2id at test strength (bff/test/setup-hashing.ts; production's cost: password.test.ts).
      setupFiles: ['<rootDir>/test/setup-hashing.ts'],
    }),
    browser('mf-shared'),
    browser('root-config'),
    browser('mf-account'),
    browser('mf-health'),
    browser('mf-incentives'),
    browser('mf-myna'),
    browser('mf-admin'),
  ],
};
