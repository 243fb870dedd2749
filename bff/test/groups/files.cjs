// How `npm test` runs the bff's API test files: most of them in groups, several files to one jest
// test file, and a few long ones alone.
//
// Why: jest gives every test file a module registry of its own, so each file loaded the whole bff
// (Fastify, Drizzle, zod and the contract) afresh and ran it on code the JIT had not warmed. Run
// in one registry, twelve small files took 26 s instead of 51 s (docs/performance.md, "The test
// suites"). Each file still gets its own database and app: its hooks run inside a describe block
// named after it (group.ts). The long files stay alone so the two workers share out evenly.
//
// Naming a test path (`npx jest bff/test/signup.test.ts`, `--testPathPatterns signup`) runs the
// files one by one as before (jest.config.cjs).
const { readdirSync } = require('node:fs');
const path = require('node:path');

const TEST_ROOT = path.join(__dirname, '..');

/** How many group files share out the grouped test files: bff/test/groups/part<k>.test.ts. */
const GROUPS = 6;

/** Test files (relative to bff/test) that `npm test` runs alone: the longest ones. */
const ALONE = [
  'incentives-ledger.test.ts',
  'ops/openapi-driven.test.ts',
  'site.test.ts',
  'suites/contract-fuzz.part1.test.ts',
  'suites/contract-fuzz.part2.test.ts',
  'suites/ownership.test.ts',
];

/** Every API test file of `npm test` (relative to bff/test, sorted): not the groups themselves, nor the Debian peers (`npm run test:peers`). */
function apiTestFiles() {
  return readdirSync(TEST_ROOT, { recursive: true })
    .map((file) => String(file).split(path.sep).join('/'))
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('groups/') && !file.startsWith('peers/debian/'))
    .sort();
}

/** The files of group `part` (1-based): the grouped files whose index modulo GROUPS is part - 1. */
function groupOf(part) {
  return apiTestFiles()
    .filter((file) => !ALONE.includes(file))
    .filter((_, index) => index % GROUPS === part - 1);
}

module.exports = { TEST_ROOT, GROUPS, ALONE, apiTestFiles, groupOf };
