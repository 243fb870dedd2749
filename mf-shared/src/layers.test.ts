/** @jest-environment node */
import path from 'node:path';
import { ESLint } from 'eslint';

// The layer rule of eslint.config.mjs (mf-shared/README.md, "Layers"): a module that imports from a
// later folder is an error, one that imports from an earlier folder is not.
const repoRoot = path.resolve(__dirname, '../..');

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('mf-shared layers', () => {
  it('rejects a ui module importing from auth (upward)', async () => {
    const messages = await restrictedImports(
      'mf-shared/src/ui/upward-fixture.tsx',
      "import { useSession } from '../auth/session';\nexport const fixture = useSession;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('mf-shared/src/ui may import only from device, routing, api, errors, ui');
  });

  it('rejects an api module importing from errors, and any module importing testing helpers', async () => {
    const messages = await restrictedImports(
      'mf-shared/src/api/upward-fixture.ts',
      "import { classifyFatalError } from '../errors/fatal-errors';\nimport { setupFakeBff } from '../testing';\nexport const fixture = [classifyFatalError, setupFakeBff];\n",
    );
    expect(messages).toHaveLength(2);
  });

  it('accepts an auth module importing from the layers below it', async () => {
    const messages = await restrictedImports(
      'mf-shared/src/auth/downward-fixture.ts',
      "import { api } from '../api/calls';\nimport { describeError } from '../forms/form-errors';\nimport { Button } from '../ui/primitives';\nexport const fixture = [api, describeError, Button];\n",
    );
    expect(messages).toEqual([]);
  });
});
