// The order test files start in. Jest runs the files it timed before longest first, from its cache;
// a fresh clone (CI) has no such cache, and jest then starts the largest files first, which puts
// the contract-fuzz parts — four-line files that run the longest — last, where the other worker
// sits idle while they finish. These files start first, longest first (docs/performance.md,
// "The test suites"); every other file keeps jest's order.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST = [
  // The ledger model: 20,000 operations on PostgreSQL (CI), about 130 s.
  /bff\/test\/incentives-ledger\.test\.ts$/,
  // The groups of API test files (bff/test/groups/files.cjs), 50–90 s each.
  /bff\/test\/groups\/part\d+\.test\.ts$/,
  /bff\/test\/suites\/contract-fuzz\.part1\.test\.ts$/,
  /bff\/test\/suites\/contract-fuzz\.part2\.test\.ts$/,
  /bff\/test\/suites\/ownership\.test\.ts$/,
  /bff\/test\/site\.test\.ts$/,
  /bff\/test\/ops\/openapi-driven\.test\.ts$/,
];

const rank = (test) => {
  const index = LONGEST.findIndex((pattern) => pattern.test(test.path.split('\\').join('/')));
  return index === -1 ? LONGEST.length : index;
};

class LongestFirstSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    // Array.prototype.sort is stable: files of the same rank keep jest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirstSequencer;
