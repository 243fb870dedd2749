import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { z } from 'zod';

/*
 * The browser's contract is split per area (webpack.contract.cjs): zod with only the members the
 * contract uses, the core, one module per area, and front-end imports rewritten to the module
 * that exports each name. A name left out would be `undefined` at run time: these checks fail
 * first.
 */

const REPO = path.resolve(__dirname, '../..');
const CONTRACT_SRC = path.join(REPO, 'contract', 'src');
const split = createRequire(__filename)(path.join(REPO, 'webpack.contract.cjs')) as {
  contractLayout: () => {
    coreFiles: string[];
    areas: string[];
    calls: Record<string, { method: string; readOnly: boolean; area: string }>;
    exportsOf: Record<string, string>;
  };
  rewriteContractImports: (source: string) => string;
  zodMembersUsed: () => string[];
};

function contractFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return contractFiles(full);
    return /\.ts$/.test(entry) && !/\.test\.ts$/.test(entry) ? [full] : [];
  });
}

/** Every `z.member` a file reads, found in its syntax tree (chains over several lines too). */
function zodMembersIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const members: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'z')
      members.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return members;
}

describe('the contract as the browser loads it (issue 9)', () => {
  const layout = split.contractLayout();

  it('every area folder exported by contract/src/index.ts is a module; system is in the core', () => {
    const index = readFileSync(path.join(CONTRACT_SRC, 'index.ts'), 'utf8');
    const folders = [...index.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)]
      .map((match) => match[1]!)
      .filter((part) => statSync(path.join(CONTRACT_SRC, part), { throwIfNoEntry: false })?.isDirectory());
    expect(layout.areas.sort()).toEqual(folders.filter((folder) => folder !== 'system').sort());
    expect(layout.coreFiles).toEqual(expect.arrayContaining(['define', 'errors', 'fields', 'paths', 'routes', 'system']));
  });

  it('every value the contract exports comes from exactly one browser module', async () => {
    const contract = (await import('@sukoyaka/contract')) as Record<string, unknown>;
    for (const name of Object.keys(contract))
      expect({ name, module: layout.exportsOf[name] }).toEqual({ name, module: expect.any(String) });
  });

  it('every call belongs to the core (system) or to one area, with its method', async () => {
    const { calls } = await import('@sukoyaka/contract');
    for (const [name, definition] of Object.entries(calls)) {
      expect(layout.calls[name]).toMatchObject({ method: definition.method });
    }
    expect(layout.calls.getSession!.area).toBe('');
    expect(layout.calls.signIn!.area).toBe('account');
    expect(layout.calls.listBloodPressures!.area).toBe('health');
  });

  it('the shared zod module has every z member the contract reads at run time', () => {
    const shipped = new Set(split.zodMembersUsed());
    const browserParts = new Set([...layout.coreFiles, ...layout.areas, 'zod-locale']);
    const files = contractFiles(CONTRACT_SRC).filter((file) =>
      browserParts.has(path.relative(CONTRACT_SRC, file).split(path.sep)[0]!.replace(/\.ts$/, '')),
    );
    expect(files.length).toBeGreaterThan(10);
    const zod = z as unknown as Record<string, unknown>;
    for (const file of files) {
      for (const member of zodMembersIn(file)) {
        // A type (z.infer) is not there at run time; z.locales is shipped as its ja locale only.
        if (zod[member] === undefined || member === 'locales') continue;
        expect({ file: path.relative(REPO, file), member, shipped: shipped.has(member) }).toEqual({
          file: path.relative(REPO, file),
          member,
          shipped: true,
        });
      }
    }
  });

  it('front-end imports are split by the module that exports each name; calls.<name> loads its area', () => {
    const rewritten = split.rewriteContractImports(
      [
        'import { calls, ErrorCodes, healthCalls as vitals } from "@sukoyaka/contract";',
        'const schema = calls.signIn.input;',
        'const other = calls["listBloodPressures"];',
      ].join('\n'),
    );
    expect(rewritten).toContain('import { calls, ErrorCodes } from "@sukoyaka/contract";');
    expect(rewritten).toContain('import { healthCalls as vitals } from "@sukoyaka/contract/health";');
    expect(rewritten).toContain('import "@sukoyaka/contract/account";');
    expect(rewritten).toContain('import "@sukoyaka/contract/health";');
    expect(rewritten).not.toContain('@sukoyaka/contract/incentives');
    expect(split.rewriteContractImports('export { ErrorCodes, incentiveCalls } from "@sukoyaka/contract";')).toBe(
      'export { ErrorCodes } from "@sukoyaka/contract";\nexport { incentiveCalls } from "@sukoyaka/contract/incentives";',
    );
  });

  it('a name no contract module exports, or a namespace import, fails the build', () => {
    expect(() => split.rewriteContractImports('import { noSuchName } from "@sukoyaka/contract";')).toThrow(/noSuchName/);
    expect(() => split.rewriteContractImports('import * as contract from "@sukoyaka/contract";')).toThrow(/name the imports/);
  });
});
