import { readFileSync } from 'node:fs';
import path from 'node:path';

// index.html starts the heaviest shared modules one per task, by their import-map names: a name
// the import map does not have stops every page (SystemJS cannot resolve it). The names come from
// the one list of shared modules the builds use (@sukoyaka/build).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SHARED_MODULES } = require('@sukoyaka/build') as { SHARED_MODULES: string[] };

function stagedModules(): string[] {
  const html = readFileSync(path.join(__dirname, 'index.html'), 'utf8');
  const list = /var staged = \[([^\]]*)\]/.exec(html)?.[1];
  if (!list) throw new Error('index.html has no `var staged = [...]` list');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

describe('the modules index.html stages one per task', () => {
  it('are each a shared module of the import map, or an area the shell registers', () => {
    const staged = stagedModules();
    expect(staged.length).toBeGreaterThan(5);
    const known = new Set([...SHARED_MODULES, '@sukoyaka/root-config']);
    expect(staged.filter((name) => !known.has(name))).toEqual([]);
  });

  it('include every shared module mf-shared imports on every page (axios, the contract core), and no other', () => {
    expect(stagedModules()).toEqual(expect.arrayContaining(['axios', '@sukoyaka/contract', '@sukoyaka/shared']));
    // zod/mini, date-fns and mf-shared's widgets and charts come with the pages that use them
    // (issue 27): staged, every page would load them.
    expect(stagedModules()).not.toEqual(expect.arrayContaining(['zod/mini']));
    expect(stagedModules().filter((name) => name.startsWith('date-fns') || name.startsWith('@sukoyaka/shared/'))).toEqual([]);
  });
});
