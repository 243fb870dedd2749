// `npm run test:peers`: the bff checked by programs from Debian rather than npm, which .ci/run
// installs in its step 1 — promtool (package prometheus) for /metrics. Kept out of `npm test`,
// which needs nothing but npm: the bff's jest project, on bff/test/peers/debian/ only.
const base = require('./jest.config.cjs');

const bff = base.projects.find((project) => project.displayName === 'bff');

module.exports = {
  rootDir: __dirname,
  testTimeout: base.testTimeout,
  projects: [
    {
      ...bff,
      displayName: 'bff-peers',
      testMatch: ['<rootDir>/test/peers/debian/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
