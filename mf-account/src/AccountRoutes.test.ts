import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { accountPages } from './AccountRoutes';

describe('the account area’s lazy pages', () => {
  test('each page’s chunk is named after its own route, so the server preloads the right chunk', () => {
    // The build reads the route from the chunk name (build/shared.cjs); it must be the path.
    const source = readFileSync(path.join(__dirname, 'AccountRoutes.tsx'), 'utf8');
    const chunkRoutes = [...source.matchAll(/webpackChunkName: "route:([^"]+)"/g)].map((match) => match[1]);
    expect(chunkRoutes).toEqual(accountPages.map((route) => route.path));
    expect(new Set(chunkRoutes).size).toBe(chunkRoutes.length);
  });
});

/** The contract's modules that build schemas (their files import zod at run time): the areas, the field builders. */
function schemaModules(): Set<string> {
  const contractSrc = path.join(__dirname, '..', '..', 'contract', 'src');
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

describe('issue 27: the account area’s pages and their schemas', () => {
  test('no page imports a contract module with schemas (and zod) as it loads: its forms load the schema at first use', () => {
    const schemas = schemaModules();
    expect([...schemas]).toEqual(expect.arrayContaining(['@sukoyaka/contract/account', '@sukoyaka/contract/content']));
    expect(schemas.has('@sukoyaka/contract/account-terms')).toBe(false);

    const routes = path.join(__dirname, 'AccountRoutes.tsx');
    const pages = [...readFileSync(routes, 'utf8').matchAll(/import\(\/\* webpackChunkName: "route:([^"]+)" \*\/ '([^']+)'\)/g)];
    expect(pages).toHaveLength(accountPages.length);
    const found: string[] = [];
    for (const [, route, specifier] of pages) {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const imported of valueImports(file)) {
          if (imported.startsWith('.')) visit(resolveRelative(file, imported));
          else if (schemas.has(imported)) found.push(`${route}: ${path.relative(__dirname, file)} imports ${imported}`);
        }
      };
      visit(resolveRelative(routes, specifier!));
    }
    expect(found).toEqual([]);
  });
});
