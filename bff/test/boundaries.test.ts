import path from 'node:path';
import { ESLint } from 'eslint';

// The boundaries of eslint.config.mjs (README, "Layout"): the platform never imports an area,
// areas never import each other, and no package has an import cycle. Each case lints a file that
// crosses a boundary and expects the rule to name it.
const repoRoot = path.resolve(__dirname, '../..');
// `ignore: false`: the cycle fixtures are kept out of the normal lint run by the config's ignores.
const eslint = new ESLint({ cwd: repoRoot, ignore: false });

async function ruleMessages(file: string, source?: string): Promise<{ ruleId: string | null; message: string }[]> {
  const filePath = path.join(repoRoot, file);
  const [result] = source === undefined ? await eslint.lintFiles([filePath]) : await eslint.lintText(source, { filePath });
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

const restrictedPaths = (messages: { ruleId: string | null; message: string }[]) =>
  messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths');

describe('lint boundaries', () => {
  it('rejects the platform importing an area', async () => {
    const messages = await ruleMessages(
      'bff/src/platform/boundary-fixture.ts',
      "import { memberHandlers } from '../account/member-handlers';\nexport const fixture = memberHandlers;\n",
    );
    expect(restrictedPaths(messages)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('The platform never imports an area') }),
    ]);
  });

  it('rejects one bff area importing another', async () => {
    const messages = await ruleMessages(
      'bff/src/health/boundary-fixture.ts',
      "import { accountHandlers } from '../account';\nexport const fixture = accountHandlers;\n",
    );
    expect(restrictedPaths(messages)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Areas never import each other') }),
    ]);
  });

  it("rejects one contract area importing another's folder", async () => {
    const messages = await ruleMessages(
      'contract/src/health/boundary-fixture.ts',
      "import { nickname } from '../account/settings';\nexport const fixture = nickname;\n",
    );
    expect(restrictedPaths(messages)).toHaveLength(1);
  });

  it('accepts an area importing the platform and shared infrastructure', async () => {
    const messages = await ruleMessages(
      'bff/src/health/boundary-fixture.ts',
      "import { audit } from '../platform/audit';\nimport { users } from '../db/schema';\nexport const fixture = [audit, users];\n",
    );
    expect(messages).toEqual([]);
  });

  // Issue 26: the fakes and the benchmarks are development packages, outside the production bundle.
  const restrictedImports = (messages: { ruleId: string | null; message: string }[]) =>
    messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports');

  it('rejects production code importing the local fakes or the bench statically, by name or by path', async () => {
    const cases: [string, string, string][] = [
      [
        'bff/src/services-fixture.ts',
        "import { startFakeSmtpServer } from '@sukoyaka/fakes';",
        'The local fakes are a development package',
      ],
      [
        'bff/src/dev/fixture.ts',
        "import { startFakeSmsServer } from '../../../fakes/src/sms/sms-server';",
        'The local fakes are a development package',
      ],
      ['bff/src/platform/fixture.ts', "import { apiBench } from '@sukoyaka/bench/src/api';", 'The benchmarks are a development package'],
      ['bff/src/fixture.ts', "import type { apiBench } from '../../bench/src/api';", 'The benchmarks are a development package'],
      ['mf-account/src/fixture.ts', "import type { RunningFakeSmtp } from '@sukoyaka/fakes';", 'The local fakes are a development package'],
      ['mf-health/src/fixture.tsx', "import { DEMO_MYNA_PERSON } from '@sukoyaka/fakes';", 'The local fakes are a development package'],
    ];
    for (const [file, line, message] of cases) {
      const messages = await ruleMessages(file, `${line}\nexport const fixture = [${/import (?:type )?\{ (\w+)/.exec(line)![1]}];\n`);
      expect({ file, found: restrictedImports(messages) }).toEqual({
        file,
        found: [expect.objectContaining({ message: expect.stringContaining(message) })],
      });
    }
  });

  it("accepts the bff's dynamic import of the fakes and naming their types", async () => {
    const messages = await ruleMessages(
      'bff/src/dev/fixture.ts',
      "import type { RunningFakeSmtp } from '@sukoyaka/fakes';\n" +
        "export const load = async (): Promise<RunningFakeSmtp['url']> => (await import('@sukoyaka/fakes')).startFakeSmtpServer.name;\n",
    );
    expect(messages).toEqual([]);
  });

  it('rejects a service importing the raw request or reply; the platform may', async () => {
    const restrictedImports = (messages: { ruleId: string | null; message: string }[]) =>
      messages.filter((message) => message.ruleId === 'no-restricted-imports');
    const typeImport = "import type { FastifyRequest } from 'fastify';\nexport type Fixture = FastifyRequest;\n";
    for (const file of [
      'bff/src/myna/boundary-fixture.ts',
      'bff/src/account/boundary-fixture.ts',
      'bff/src/operators/boundary-fixture.ts',
    ]) {
      expect(restrictedImports(await ruleMessages(file, typeImport))).toEqual([
        expect.objectContaining({ message: expect.stringContaining('Services take the Actor of platform/actor.ts') }),
      ]);
    }
    const inlineReply =
      "import { type FastifyInstance, type FastifyReply } from 'fastify';\nexport type Fixture = [FastifyInstance, FastifyReply];\n";
    expect(restrictedImports(await ruleMessages('bff/src/incentives/boundary-fixture.ts', inlineReply))).toHaveLength(1);
    // A route module may still register routes on the instance; the platform builds the Actor.
    const instance = "import type { FastifyInstance } from 'fastify';\nexport type Fixture = FastifyInstance;\n";
    expect(await ruleMessages('bff/src/content/boundary-fixture.ts', instance)).toEqual([]);
    expect(await ruleMessages('bff/src/platform/boundary-fixture.ts', typeImport)).toEqual([]);
  });

  it('rejects an import cycle', async () => {
    const messages = await ruleMessages('bff/test/lint-fixtures/cycle-a.ts');
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-cycle' })]);
  });
});
