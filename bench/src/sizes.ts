import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { REPO_ROOT } from '@sukoyaka/bff/src/paths';
import { WEB_PACKAGES } from '@sukoyaka/bff/src/web/site';
import { fmt, kib } from './site';

/*
 * The compressed size of every module the browser may load: each shared module, the loader and
 * each area, each against its own budget (KiB, as sent: the build's .br and .gz files).
 */

/** [brotli, gzip] KiB. Shared modules: what they weigh once trimmed (root-config/src/vendor). */
export const MODULE_BUDGETS_KIB: Record<string, [number, number]> = {
  systemjs: [4.5, 5],
  '@sukoyaka/root-config': [1.5, 2],
  // Each with the specifier that shares its file: react/jsx-runtime, react-dom/client.
  react: [4.5, 5],
  'react-dom': [60, 69],
  'single-spa': [6.5, 7],
  'styled-components': [12.5, 13.5],
  '@tanstack/react-query': [11.5, 12.5],
  // spec §7's client (issue 26): the whole package but its fetch adapter, 15.2 / 16.9 KiB.
  axios: [15.5, 17.5],
  'date-fns': [10.5, 12],
  'date-fns/locale/ja': [2.5, 3],
  // zod/mini with only the `z` members the contract's files name, read from their syntax trees
  // (build/contract.cjs; the contract is written on zod/mini, docs/decisions/0005): 10.9 / 12.2 KiB.
  // Before, a text scan also shipped z.toJSONSchema, named in a comment (16.7 / 18.6 on zod 4.6.7);
  // classic zod was 24.2 / 27.7. Then the contract's core; each area's schemas are their own
  // module (CONTRACT_AREA_BUDGET_KIB).
  'zod/mini': [12, 13.5],
  // The core: the field rules every area shares, the routes, the errors and every call by name
  // (that record grows with each call). Issue 26: without the OpenAPI document's text
  // (build/strip-documentation.cjs) 4.6 / 5.3 KiB, from 5.2 / 6.1; the areas lost 1–2.3 KiB each.
  // Issue 27 added 11 calls and the kana folding two areas share (contract/src/kana.ts): 4.8 / 5.5.
  '@sukoyaka/contract': [5, 6],
  '@sukoyaka/shared': [35, 40],
  // The parts only some pages use (decision 0018): form controls, the date picker, gift pictures, the
  // announcement view; 5.8 KiB brotli with its chunk loader (2026-11-26).
  '@sukoyaka/shared/widgets': [7, 8],
  // The charts, SVG drawn by React (decision 0037), where uPlot's chunk was 19.9 KiB.
  '@sukoyaka/shared/charts': [3, 3.5],
  '@sukoyaka/account': [26, 30],
  '@sukoyaka/health': [26, 30],
  '@sukoyaka/incentives': [26, 30],
  '@sukoyaka/myna': [26, 30],
  '@sukoyaka/admin': [26, 30],
};

/** [brotli, gzip] KiB of an area with every chunk it may load (lazy ones too) (issue 10). */
export const AREA_TOTAL_BUDGETS_KIB: Record<string, [number, number]> = {
  // 58.5 KiB gzip = 59.9 KB: the issue's 60 KB, in the KiB the table uses.
  'mf-health': [52, 58.5],
  // Issue 27: the gift code's QR code (uqr, its own chunk, 3.8 KiB brotli) and the address form's chunk
  // count here; every chunk together was 28 KiB brotli.
  'mf-incentives': [40, 46],
};

/** [brotli, gzip] KiB of one contract area's module (`@sukoyaka/contract/<area>`: its schemas). */
export const CONTRACT_AREA_BUDGET_KIB: [number, number] = [10, 11.5];

/** [brotli, gzip] KiB of one lazy page's chunk (an area's `routes`, mf-shared's lazyPage). */
export const PAGE_CHUNK_BUDGET_KIB: [number, number] = [8, 9.5];

/** The compressed bytes of a built file: its precompressed siblings, else compressed here. */
export function compressedSizes(file: string): { raw: number; brotli: number; gzip: number } {
  const content = readFileSync(file);
  const sibling = (suffix: string, compress: () => Buffer) =>
    existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`).length : compress().length;
  return {
    raw: content.length,
    brotli: sibling('.br', () => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: sibling('.gz', () => gzipSync(content, { level: 9 })),
  };
}

export function sizesBench(): string[] {
  const failures: string[] = [];
  const modules: [string, string][] = [];
  for (const folder of WEB_PACKAGES) {
    const dist = path.join(REPO_ROOT, folder, 'dist');
    let fragment: { imports: Record<string, string>; routes?: Record<string, string[]> };
    try {
      fragment = JSON.parse(readFileSync(path.join(dist, 'importmap.json'), 'utf8'));
    } catch {
      failures.push(`${folder} is not built (run npm run build)`);
      continue;
    }
    // A file several specifiers share (react and react/jsx-runtime) is listed once, by the first.
    const listed = new Set<string>();
    for (const [name, file] of Object.entries(fragment.imports)) {
      if (listed.has(file)) continue;
      listed.add(file);
      modules.push([name, path.join(dist, file)]);
    }
    for (const [route, files] of Object.entries(fragment.routes ?? {})) {
      for (const file of files) modules.push([`${folder} page ${route}`, path.join(dist, file)]);
    }
    if (folder === 'root-config') {
      const loader = readdirSync(dist).find((file) => /^system\.[0-9a-f]{8}\.js$/.test(file));
      if (loader) modules.unshift(['systemjs', path.join(dist, loader)]);
    }
  }
  // Page chunks have long names (their route): the column is as wide as the longest.
  const width = Math.max(24, ...modules.map(([name]) => name.length));
  console.log(`${'module'.padEnd(width)} ${'raw'.padStart(8)} ${'brotli'.padStart(8)} ${'gzip'.padStart(8)}   budget (brotli / gzip)`);
  for (const [name, file] of modules) {
    const size = compressedSizes(file);
    const budget =
      MODULE_BUDGETS_KIB[name] ??
      (name.startsWith('@sukoyaka/contract/') ? CONTRACT_AREA_BUDGET_KIB : name.includes(' page ') ? PAGE_CHUNK_BUDGET_KIB : undefined);
    const over = budget ? kib(size.brotli) > budget[0] || kib(size.gzip) > budget[1] : false;
    console.log(
      `${name.padEnd(width)} ${fmt(kib(size.raw)).padStart(8)} ${fmt(kib(size.brotli)).padStart(8)} ${fmt(kib(size.gzip)).padStart(8)}   ${
        budget ? `${budget[0]} / ${budget[1]} KiB` : 'no budget'
      }${over ? '  OVER' : ''}`,
    );
    if (!budget) failures.push(`${name} has no size budget (bench/src/sizes.ts)`);
    else if (over)
      failures.push(`${name} ${fmt(kib(size.brotli))} KiB brotli / ${fmt(kib(size.gzip))} KiB gzip > ${budget[0]} / ${budget[1]} KiB`);
  }
  for (const [folder, budget] of Object.entries(AREA_TOTAL_BUDGETS_KIB)) {
    const dist = path.join(REPO_ROOT, folder, 'dist');
    if (!existsSync(dist)) continue; // reported above as not built
    const total = { raw: 0, brotli: 0, gzip: 0 };
    for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
      const size = compressedSizes(path.join(dist, file));
      total.raw += size.raw;
      total.brotli += size.brotli;
      total.gzip += size.gzip;
    }
    const name = `${folder} (all chunks)`;
    const over = kib(total.brotli) > budget[0] || kib(total.gzip) > budget[1];
    console.log(
      `${name.padEnd(width)} ${fmt(kib(total.raw)).padStart(8)} ${fmt(kib(total.brotli)).padStart(8)} ${fmt(kib(total.gzip)).padStart(8)}   ${
        budget[0]
      } / ${budget[1]} KiB${over ? '  OVER' : ''}`,
    );
    if (over)
      failures.push(`${name} ${fmt(kib(total.brotli))} KiB brotli / ${fmt(kib(total.gzip))} KiB gzip > ${budget[0]} / ${budget[1]} KiB`);
  }
  return failures;
}
