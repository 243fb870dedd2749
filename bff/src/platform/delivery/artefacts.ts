import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CallDefinition } from '@sukoyaka/contract';
import { contractSchemas, type ContractSchemas } from '@sukoyaka/contract/compat';
import { checkSystemModule, scriptSyntaxProblem } from './system-module';

/**
 * An area's build, published: its files under `<artefactDir>/<package>/<version>/`, never changed
 * again, and this manifest beside them. The live import map (store.ts) names one version per
 * package; older versions stay, so a rollback is one update.
 */
export interface ArtefactManifest {
  package: string;
  /** The workspace folder it was built from (`mf-health`). */
  folder: string;
  version: string;
  publishedAt: string;
  /** The package's own module: what the import map names it by. */
  entry: string;
  /** Every module the artefact provides (root-config provides the vendor modules too), file by specifier. */
  imports: Record<string, string>;
  /** The shared modules each entry imports on load. */
  dependencies: Record<string, string[]>;
  /** Lazy pages: per route pattern, its chunk files. */
  routes?: Record<string, string[]>;
  /** Per route pattern, the shared modules its chunks load lazily (preloaded with them). */
  routeDependencies?: Record<string, string[]>;
  /** Every file with its SHA-384 subresource integrity and size. */
  files: Record<string, { integrity: string; size: number }>;
  /** The calls this artefact makes, as the contract defined them when it was built. */
  contract: ContractSchemas;
}

export interface DeployablePackage {
  name: string;
  folder: string;
  version: string;
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const isValidVersion = (version: string) => VERSION.test(version);

/** The URL prefix an artefact's files are served under. */
export const artefactBaseUrl = (packageName: string, version: string) => `/assets/${packageName}/${version}/`;

export const artefactPath = (artefactDir: string, packageName: string, version: string) => path.join(artefactDir, packageName, version);

export const sri = (content: Buffer) => `sha384-${createHash('sha384').update(content).digest('base64')}`;

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** The calls whose names the artefact's scripts mention (the client is called by call name). */
export function callsUsedBy(scripts: string[], calls: Record<string, CallDefinition>): string[] {
  const text = scripts.join('\n');
  return Object.keys(calls).filter((name) => new RegExp(`(^|[^A-Za-z0-9_$])${name}([^A-Za-z0-9_$]|$)`).test(text));
}

/** A package build's `dist/importmap.json` (build/shared.cjs, ImportMapFragmentPlugin). */
export interface ImportMapFragment {
  imports: Record<string, string>;
  /** The shared modules each entry imports on load. */
  dependencies?: Record<string, string[]>;
  /** An area's lazy pages: per route pattern (React Router syntax), the files of its chunk. */
  routes?: Record<string, string[]>;
  /** Per route pattern, the shared modules its page's chunks import lazily. */
  routeDependencies?: Record<string, string[]>;
}

/**
 * Publishes a build (`<folder>/dist`, or `from`) as an artefact. The version is the package's
 * version and a hash of the files unless one is given; publishing the same content twice finds
 * the artefact already there and returns its manifest. root-config's page template is rewritten
 * to point at its own versioned files.
 */
export async function publishArtefact(options: {
  pkg: DeployablePackage;
  from: string;
  artefactDir: string;
  calls: Record<string, CallDefinition>;
  version?: string;
  now?: Date;
}): Promise<ArtefactManifest> {
  const { pkg, from, artefactDir } = options;
  const fragmentText = await readFile(path.join(from, 'importmap.json'), 'utf8').catch(() => null);
  if (!fragmentText) throw new Error(`${from} にビルド結果 (importmap.json) がありません。先にビルドしてください。`);
  const fragment = JSON.parse(fragmentText) as ImportMapFragment;
  const files = (await listFiles(from)).filter((file) => file !== 'importmap.json' && file !== 'manifest.json');
  const contents = new Map<string, Buffer>();
  const digest = createHash('sha256');
  for (const file of files) {
    const content = await readFile(path.join(from, file));
    contents.set(file, content);
    digest.update(file).update('\0').update(createHash('sha256').update(content).digest());
  }
  const version = options.version ?? `${pkg.version}-${digest.digest('hex').slice(0, 10)}`;
  if (!isValidVersion(version)) throw new Error(`バージョン "${version}" は使えません (英数字と . + _ - で64文字まで)。`);
  const target = artefactPath(artefactDir, pkg.name, version);
  if (existsSync(path.join(target, 'manifest.json'))) return readManifest(artefactDir, pkg.name, version);

  const base = artefactBaseUrl(pkg.name, version);
  const html = contents.get('index.html');
  // The shell's own scripts (SystemJS, import-map-overrides) were linked at the build's path.
  if (html) contents.set('index.html', Buffer.from(html.toString('utf8').replaceAll(`/assets/${pkg.folder}/`, base)));

  const entry = fragment.imports[pkg.name];
  if (!entry) throw new Error(`${pkg.folder} のビルドに ${pkg.name} のモジュールがありません。`);
  const scripts = files.filter((file) => file.endsWith('.js')).map((file) => contents.get(file)!.toString('utf8'));
  const manifest: ArtefactManifest = {
    package: pkg.name,
    folder: pkg.folder,
    version,
    publishedAt: (options.now ?? new Date()).toISOString(),
    entry,
    imports: fragment.imports,
    dependencies: fragment.dependencies ?? {},
    ...(fragment.routes ? { routes: fragment.routes } : {}),
    ...(fragment.routeDependencies ? { routeDependencies: fragment.routeDependencies } : {}),
    files: Object.fromEntries(files.map((file) => [file, { integrity: sri(contents.get(file)!), size: contents.get(file)!.length }])),
    contract: contractSchemas(options.calls, callsUsedBy(scripts, options.calls)),
  };

  // Written beside, then renamed into place: a half-written artefact is never found under its version.
  const staging = `${target}.partial-${process.pid}-${Date.now()}`;
  await rm(staging, { recursive: true, force: true });
  for (const file of files) {
    const destination = path.join(staging, file);
    await mkdir(path.dirname(destination), { recursive: true });
    if (file === 'index.html') await writeFile(destination, contents.get(file)!);
    else await copyFile(path.join(from, file), destination);
  }
  await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await rename(staging, target);
  } catch (error) {
    // Another publisher of the same content won the rename: theirs is the artefact.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'manifest.json'))) throw error;
  }
  return manifest;
}

export async function readManifest(artefactDir: string, packageName: string, version: string): Promise<ArtefactManifest> {
  if (!isValidVersion(version)) throw new Error(`バージョン "${version}" は使えません。`);
  const file = path.join(artefactPath(artefactDir, packageName, version), 'manifest.json');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (!text) throw new ArtefactNotFoundError(packageName, version);
  return JSON.parse(text) as ArtefactManifest;
}

export class ArtefactNotFoundError extends Error {
  constructor(packageName: string, version: string) {
    super(`${packageName} のバージョン ${version} は公開されていません (manifest.json がありません)。`);
  }
}

/**
 * Every problem with a published artefact: a file of the manifest missing or not matching its
 * integrity, a precompressed copy that does not decode to the file, a script that does not parse,
 * an entry that is not one SystemJS registration, or an import no module of the map (after this
 * deploy) provides. Scripts are only parsed (system-module.ts), never run.
 */
export async function validateArtefact(artefactDir: string, manifest: ArtefactManifest, providedElsewhere: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  const root = artefactPath(artefactDir, manifest.package, manifest.version);
  const provided = new Set([...providedElsewhere, ...Object.keys(manifest.imports)]);
  const entries = new Set(Object.values(manifest.imports));
  if (!manifest.files[manifest.entry]) problems.push(`エントリ ${manifest.entry} が manifest のファイルにありません。`);
  for (const [file, expected] of Object.entries(manifest.files)) {
    if (file.includes('..') || path.isAbsolute(file)) {
      problems.push(`${file}: 使えないパスです。`);
      continue;
    }
    const content = await readFile(path.join(root, file)).catch(() => null);
    if (!content) {
      problems.push(`${file}: ファイルがありません。`);
      continue;
    }
    if (sri(content) !== expected.integrity) {
      problems.push(`${file}: 内容が integrity と一致しません (改ざんまたは転送途中のファイル)。`);
      continue;
    }
    for (const [suffix, decode] of [
      ['.br', brotliDecompressSync],
      ['.gz', gunzipSync],
    ] as const) {
      const compressed = await readFile(path.join(root, file + suffix)).catch(() => null);
      if (!compressed) continue;
      let same = false;
      try {
        same = decode(compressed).equals(content);
      } catch {
        same = false;
      }
      if (!same) problems.push(`${file}${suffix}: 圧縮ファイルが元のファイルと一致しません。`);
    }
    if (!file.endsWith('.js')) continue;
    const code = content.toString('utf8');
    if (entries.has(file)) {
      const checked = checkSystemModule(code, file);
      if ('problem' in checked) problems.push(checked.problem);
      else {
        const missing = checked.dependencies.filter((name) => !provided.has(name));
        if (missing.length > 0) problems.push(`${file}: 読み込むモジュールがインポートマップにありません: ${missing.join(', ')}`);
      }
    } else {
      const problem = scriptSyntaxProblem(code, file);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
