import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Some shared vendor modules export only what the areas use (the whole packages are several
 * times larger). An area, mf-shared, or a library they bundle (react-day-picker imports date-fns)
 * importing a name such a module leaves out would get `undefined` at run time: this walks every
 * import the browser will make of those modules and fails on any name the vendor module lacks.
 */

const REPO = path.resolve(__dirname, '../../..');
const VENDOR = __dirname;
const { SHARED_MODULES } = createRequire(__filename)(path.join(REPO, 'build', 'shared.cjs')) as { SHARED_MODULES: string[] };

/** Shared modules whose vendor file lists its exports by name, and that file. */
const TRIMMED: Record<string, string> = {
  'date-fns': 'date-fns.js',
  '@tanstack/react-query': 'react-query.js',
};

const FRONT_END = ['mf-shared', 'mf-account', 'mf-health', 'mf-incentives', 'mf-myna', 'mf-admin'];

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
}

/** Names a vendor file re-exports (`export { a, b } from '...'`). */
function exportedNames(file: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
  }
  return names;
}

interface Import {
  specifier: string;
  /** Value names taken from the module; '*' for a namespace import or `export *`. */
  names: string[];
}

function importsOf(file: string): Import[] {
  const found: Import[] = [];
  for (const statement of parse(file).statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const names: string[] = [];
      if (clause && !clause.isTypeOnly) {
        if (clause.name) names.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      if (!clause?.isTypeOnly) found.push({ specifier: statement.moduleSpecifier.text, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      const names = !clause
        ? ['*']
        : ts.isNamedExports(clause)
          ? clause.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      found.push({ specifier: statement.moduleSpecifier.text, names });
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'testing' ? [] : sourceFiles(full);
    // Tests and test helpers run under jest, not through the import map.
    return /\.tsx?$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry) ? [full] : [];
  });
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

/** The browser ES-module file a bare specifier resolves to from `fromDir`, as webpack picks it. */
function resolvePackageEntry(specifier: string, fromDir: string): string | null {
  const name = packageName(specifier);
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const root = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(root, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
      const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`;
      const pick = (target: unknown): string | null => {
        if (typeof target === 'string') return target;
        if (target && typeof target === 'object') {
          for (const condition of ['browser', 'import', 'module', 'default']) {
            const picked = pick((target as Record<string, unknown>)[condition]);
            if (picked) return picked;
          }
        }
        return null;
      };
      const exportsField = pkg.exports && (typeof pkg.exports === 'string' ? { '.': pkg.exports } : pkg.exports);
      const entry = pick(exportsField?.[subpath === '.' ? '.' : subpath]) ?? (subpath === '.' ? (pkg.module ?? pkg.main) : subpath);
      return entry ? path.join(root, entry) : null;
    }
    if (dir === path.dirname(dir)) return null;
  }
}

function resolveRelative(specifier: string, fromFile: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.js`, `${base}.mjs`, path.join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every import of a trimmed shared module: by the front end's sources and the libraries they bundle. */
function usesOfTrimmedModules(): Map<string, Map<string, string>> {
  const uses = new Map<string, Map<string, string>>(Object.keys(TRIMMED).map((specifier) => [specifier, new Map()]));
  const visited = new Set<string>();
  const queue = FRONT_END.flatMap((folder) => sourceFiles(path.join(REPO, folder, 'src')));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (visited.has(file)) continue;
    visited.add(file);
    for (const { specifier, names } of importsOf(file)) {
      if (specifier.startsWith('.')) {
        // The front end's own relative imports are already in the queue; a library's are walked.
        if (file.includes(`${path.sep}node_modules${path.sep}`)) {
          const target = resolveRelative(specifier, file);
          if (target) queue.push(target);
        }
      } else if (uses.has(specifier)) {
        for (const name of names) uses.get(specifier)!.set(name, path.relative(REPO, file));
      } else if (!SHARED_MODULES.includes(specifier) && !specifier.startsWith('@sukoyaka/') && !specifier.startsWith('node:')) {
        // A library webpack bundles into the area: its imports of shared modules count too.
        const entry = resolvePackageEntry(specifier, path.dirname(file));
        if (entry && /\.m?js$/.test(entry)) queue.push(entry);
      }
    }
  }
  return uses;
}

describe('trimmed shared vendor modules (issue 9: ship only what the areas use)', () => {
  const uses = usesOfTrimmedModules();

  it('finds the imports it checks, the areas’ and those of the libraries they bundle', () => {
    expect([...uses.get('date-fns')!.keys()]).toEqual(expect.arrayContaining(['format', 'isAfter', 'startOfDay']));
    // react-day-picker (mf-shared's date picker) reaches date-fns through the import map too.
    expect(uses.get('date-fns')!.get('addMonths')).toMatch(/node_modules[/\\]react-day-picker/);
    expect([...uses.get('@tanstack/react-query')!.keys()]).toContain('useQuery');
  });

  it.each(Object.entries(TRIMMED))('%s: the vendor module (%s) exports every name imported from it', (specifier, file) => {
    const exported = exportedNames(path.join(VENDOR, file));
    const missing = [...uses.get(specifier)!].filter(([name]) => !exported.has(name)).map(([name, where]) => `${name} (${where})`);
    expect(missing).toEqual([]);
  });
});
