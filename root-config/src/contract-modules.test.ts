import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { z } from 'zod/mini';

/*
 * The browser's contract is split per area (build/contract.cjs): zod/mini with only the members
 * the contract uses, the core, one module per area (the package's `exports` subpaths), and the
 * front end imports each name from the module that exports it. A name left out, or imported from
 * the wrong module, would be `undefined` at run time: these checks fail first.
 */

const REPO = path.resolve(__dirname, '../..');
const CONTRACT_SRC = path.join(REPO, 'contract', 'src');
const split = createRequire(__filename)(path.join(REPO, 'build', 'contract.cjs')) as {
  contractLayout: () => {
    coreFiles: string[];
    areas: string[];
    calls: Record<string, { method: string; readOnly: boolean; area: string }>;
    exportsOf: Record<string, string>;
  };
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

  it('every folder exported by contract/src/index.ts is a module (the field builders and the system calls too)', () => {
    const index = readFileSync(path.join(CONTRACT_SRC, 'index.ts'), 'utf8');
    const folders = [...index.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)]
      .map((match) => match[1]!)
      .filter((part) => statSync(path.join(CONTRACT_SRC, part), { throwIfNoEntry: false })?.isDirectory());
    expect(layout.areas.sort()).toEqual(folders.sort());
    expect(layout.areas).toEqual(expect.arrayContaining(['fields', 'system']));
    expect(layout.coreFiles).toEqual(expect.arrayContaining(['define', 'errors', 'paths', 'routes']));
  });

  it('the core imports no zod at run time: a page without a schema loads none (issue 27)', () => {
    const found: string[] = [];
    for (const part of layout.coreFiles) {
      const file = path.join(CONTRACT_SRC, `${part}.ts`);
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        if (statement.importClause?.isTypeOnly) continue;
        const specifier = statement.moduleSpecifier.text;
        const area = specifier.startsWith('./') ? specifier.slice(2).split('/')[0]! : null;
        if (specifier.startsWith('zod') || (area && layout.areas.includes(area))) found.push(`${part}.ts imports ${specifier}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('every value the contract exports comes from exactly one browser module', async () => {
    const contract = (await import('@sukoyaka/contract')) as Record<string, unknown>;
    for (const name of Object.keys(contract))
      expect({ name, module: layout.exportsOf[name] }).toEqual({ name, module: expect.any(String) });
  });

  it('every call belongs to one area (system too), with its method', async () => {
    const { calls } = await import('@sukoyaka/contract');
    for (const [name, definition] of Object.entries(calls)) {
      expect(layout.calls[name]).toMatchObject({ method: definition.method });
    }
    expect(layout.calls.getSession!.area).toBe('system');
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

  it('every area is an `exports` subpath of the contract package', () => {
    const { exports } = JSON.parse(readFileSync(path.join(REPO, 'contract', 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    for (const area of layout.areas) expect(exports[`./${area}`]).toBe(`./src/${area}/index.ts`);
  });

  it('front-end code imports each value from the contract module that exports it, and no schema through the core `calls`', () => {
    const found: string[] = [];
    for (const file of FRONT_END.flatMap((folder) => frontEndFiles(path.join(REPO, folder, 'src')))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      let coreCalls: string | null = null;
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const specifier = statement.moduleSpecifier.text;
        if (specifier !== '@sukoyaka/contract' && !specifier.startsWith('@sukoyaka/contract/')) continue;
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        const bindings = clause.namedBindings;
        if (clause.name || (bindings && ts.isNamespaceImport(bindings)))
          found.push(`${path.relative(REPO, file)}: name the imports of ${specifier}`);
        if (!bindings || !ts.isNamedImports(bindings)) continue;
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          if (layout.exportsOf[name] !== specifier) found.push(`${path.relative(REPO, file)}: ${name} from ${specifier}`);
          if (name === 'calls' && specifier === '@sukoyaka/contract') coreCalls = element.name.text;
        }
      }
      if (!coreCalls) continue;
      // The browser's core `calls` has every call's method, not its schemas (those are the area's record's).
      const visit = (node: ts.Node) => {
        if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === coreCalls) {
          if (layout.calls[node.name.text]?.area) found.push(`${path.relative(REPO, file)}: ${coreCalls}.${node.name.text}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});

const FRONT_END = ['mf-shared', 'mf-account', 'mf-health', 'mf-incentives', 'mf-myna', 'mf-admin', 'root-config'];

/** The files webpack builds for the browser: tests and test support left out. */
function frontEndFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'testing' ? [] : frontEndFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}
