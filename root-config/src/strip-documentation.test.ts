/**
 * @jest-environment node
 */
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * The browser's contract leaves out the OpenAPI document's text (build/strip-documentation.cjs):
 * each call's summary, the documentation given to documented(…) and documented.ts itself. These
 * checks hold the loader to exactly that, on a sample and on every contract file.
 */

const REPO = path.resolve(__dirname, '../..');
const { stripDocumentation } = createRequire(__filename)(path.join(REPO, 'build', 'strip-documentation.cjs')) as {
  stripDocumentation: (source: string, fileName?: string) => string;
};

function contractFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return contractFiles(full);
    return /\.ts$/.test(entry) && !/\.test\.ts$/.test(entry) ? [full] : [];
  });
}

describe('the browser’s contract without the OpenAPI document’s text', () => {
  const sample = [
    "import { z } from 'zod/mini';",
    "import { documented, requires } from '../documented';",
    "const name = documented(z.string(), { description: 'A name, in English, for API clients.' });",
    "const range = documented(z.object({ from: z.string() }), (toJson) => ({ ...requires('from'), description: 'x' }));",
    'export const getThing = defineCall({',
    "  name: 'getThing',",
    "  method: 'GET',",
    "  summary: 'Reads the thing (spec §3).',",
    '  input: () => z.object({ name, range }),',
    "  output: () => z.object({ note: z.string().check(z.regex(/summary: 'kept'/)) }),",
    '});',
    "export const label = 'documented(x, y) and summary: stay in strings';",
  ].join('\n');

  it('takes out each call’s summary, the second argument of documented(…) and the import of documented.ts', () => {
    const stripped = stripDocumentation(sample);
    expect(stripped).not.toContain('Reads the thing');
    expect(stripped).not.toContain('for API clients');
    expect(stripped).not.toContain("'../documented'");
    expect(stripped).toContain('const name = z.string()');
    expect(stripped).toContain('const range = z.object({ from: z.string() })');
    // Everything else is as written: the call's other fields, strings and regular expressions.
    expect(stripped).toContain("method: 'GET'");
    expect(stripped).toContain("/summary: 'kept'/");
    expect(stripped).toContain("'documented(x, y) and summary: stay in strings'");
  });

  it('stops the build when something from documented.ts is used outside the documentation', () => {
    const misuse =
      "import { documented, STATE_DEPENDENT } from '../documented';\nexport const key = STATE_DEPENDENT;\nexport const x = documented(y, {});";
    expect(() => stripDocumentation(misuse, 'misuse.ts')).toThrow(/misuse\.ts: STATE_DEPENDENT is used outside documented/);
  });

  it('leaves no summary and no documentation in any contract file the browser loads', () => {
    const files = contractFiles(path.join(REPO, 'contract', 'src')).filter(
      (file) => !/[/\\](compat|documented\.ts$)/.test(file) && !file.endsWith(`${path.sep}index.ts`),
    );
    let summaries = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      summaries += (source.match(/^\s*summary:\s*['"`]/gm) ?? []).length;
      const stripped = stripDocumentation(source, file);
      expect({ file, summary: /^\s*summary:\s*['"`]/m.test(stripped), documented: /\bdocumented\(/.test(stripped) }).toEqual({
        file,
        summary: false,
        documented: false,
      });
    }
    // The contract has its calls' summaries: the check above looked at them.
    expect(summaries).toBeGreaterThan(100);
  });
});
