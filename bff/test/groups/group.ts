import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ALONE, GROUPS, TEST_ROOT, apiTestFiles, groupOf } from './files.cjs';

/**
 * Group `part` of GROUPS (files.cjs says why): each of its test files loaded inside a describe
 * block named after it, so the file's own hooks (its test context included) are that block's and
 * run once, around its tests only. Then checks that the groups and the files run alone add up to
 * every API test file once, and that every group file exists.
 */
export function runGroup(part: number): void {
  for (const file of groupOf(part)) {
    describe(file, () => {
      // A require, not an import: the file's describe/it calls must run now, inside this block.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(TEST_ROOT, file));
    });
  }

  describe(`group ${part}/${GROUPS}`, () => {
    it('the groups and the files run alone hold every API test file once, and every group file exists', () => {
      const groups = Array.from({ length: GROUPS }, (_, index) => groupOf(index + 1));
      const all = apiTestFiles();
      expect([...groups.flat(), ...ALONE].sort()).toEqual(all);
      expect(ALONE.every((file) => all.includes(file))).toBe(true);
      expect(groups.every((files) => files.length > 0)).toBe(true);
      const parts = readdirSync(__dirname).filter((file) => /^part\d+\.test\.ts$/.test(file));
      expect(parts.sort()).toEqual(Array.from({ length: GROUPS }, (_, index) => `part${index + 1}.test.ts`).sort());
    });
  });
}
