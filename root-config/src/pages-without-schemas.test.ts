import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Issue 27's script budget: a page loads no contract module with schemas (and so no zod/mini) as it
 * loads. Its forms load their schema on first use (useContractForm's `loadSchema`, a dynamic
 * import), and the constants, names and paths it shows come from the zod-free modules (the areas'
 * terms, forecast, expiry, announcement-categories). For every area's
 * route table: the table itself (the layout around its pages) and each page's chunk, followed
 * through their own files.
 */

const REPO = path.resolve(__dirname, '../..');

/** The contract's modules that build schemas (their files import zod at run time): the areas, the field builders. */
function schemaModules(): Set<string> {
  const contractSrc = path.join(REPO, 'contract', 'src');
  const importsZod = (dir: string): boolean =>
    readdirSync(dir).some((entry) => {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) return importsZod(full);
      if (!/\.ts$/.test(entry) || /\.test\.ts$/.test(entry)) return false;
      return valueImports(full).some((specifier) => specifier.startsWith('zod'));
    });
  return new Set(
    readdirSync(contractSrc)
      .filter((entry) => statSync(path.join(contractSrc, entry)).isDirectory() && importsZod(path.join(contractSrc, entry)))
      .map((area) => `@sukoyaka/contract/${area}`),
  );
}

/** What a file imports (or re-exports) at run time: type-only imports and `import()` left out. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) return [];
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly);
      return onlyTypes ? [] : [statement.moduleSpecifier.text];
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      return [statement.moduleSpecifier.text];
    return [];
  });
}

/** The module a relative specifier names, as webpack resolves it. */
function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ending) => base + ending).find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

const ROUTE_TABLES = [
  'mf-account/src/AccountRoutes.tsx',
  'mf-admin/src/AdminRoutes.tsx',
  'mf-health/src/HealthRoutes.tsx',
  'mf-incentives/src/IncentivesRoutes.tsx',
  'mf-myna/src/MynaRoutes.tsx',
];
const PAGE_CHUNK = /import\(\s*\/\*\s*webpackChunkName:\s*"route:([^"]+)"\s*\*\/\s*'([^']+)'\s*\)/g;

describe('issue 27: every area\u2019s pages and the contract\u2019s schemas', () => {
  const schemas = schemaModules();

  test('the schema modules are the areas and the field builders; the zod-free modules are not among them', () => {
    expect([...schemas]).toEqual(
      expect.arrayContaining(
        ['account', 'content', 'fields', 'health', 'incentives', 'myna', 'operators'].map((area) => `@sukoyaka/contract/${area}`),
      ),
    );
    for (const free of [
      'account-terms',
      'content-terms',
      'myna-terms',
      'incentive-terms',
      'operator-terms',
      'health-terms',
      'forecast',
      'expiry',
      'announcement-categories',
    ])
      expect({ free, schemas: schemas.has(`@sukoyaka/contract/${free}`) }).toEqual({ free, schemas: false });
  });

  test.each(ROUTE_TABLES)('%s: no page imports a contract module with schemas (and zod) as it loads', (table) => {
    const routes = path.join(REPO, table);
    const chunks = [...readFileSync(routes, 'utf8').matchAll(PAGE_CHUNK)];
    expect(chunks.length).toBeGreaterThan(2);
    const found: string[] = [];
    for (const [route, entry] of [
      ['(routes)', routes] as const,
      ...chunks.map(([, route, specifier]) => [route!, resolveRelative(routes, specifier!)] as const),
    ]) {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const imported of valueImports(file)) {
          if (imported.startsWith('.')) visit(resolveRelative(file, imported));
          else if (schemas.has(imported)) found.push(`${route}: ${path.relative(REPO, file)} imports ${imported}`);
        }
      };
      visit(entry);
    }
    expect(found).toEqual([]);
  });
});
