import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CallDefinition } from '@sukoyaka/contract';
import { compareContracts, contractSchemas, type ContractDifference, type ContractSchemas } from '@sukoyaka/contract/compat';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { publishArtefact, readManifest, validateArtefact, type ArtefactManifest, type DeployablePackage } from './artefacts';
import { LiveImportMap } from './live-map';
import { entryOf, historyOf, recordChange, type HistoryRow } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front end's delivery: the live import map and deploys (app.ts). */
    delivery: Delivery;
  }
}

/** A deploy or rollback refused: every reason at once, the contract's differences apart. */
export class DeployRefusedError extends Error {
  constructor(
    readonly problems: string[],
    readonly differences: ContractDifference[] = [],
  ) {
    super(
      [
        'デプロイを中止しました。',
        ...problems.map((problem) => `- ${problem}`),
        ...(differences.length > 0
          ? [
              '動いている bff が提供しない呼び出し・形があります:',
              ...differences.map((d) => `- ${d.call}${d.where ? ` ${d.where}` : ''}: ${d.problem}`),
            ]
          : []),
      ].join('\n'),
    );
  }
}

export interface DeliveryOptions {
  db: Database;
  /** Where artefacts are published and served from (ARTEFACT_DIR). */
  artefactDir: string;
  /** The deployable packages of the workspace (packages.ts). */
  packages: DeployablePackage[];
  /** The contract this bff serves. */
  calls: Record<string, CallDefinition>;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export interface DeployOutcome {
  package: string;
  version: string;
  previousVersion: string | null;
  revision: number;
}

/**
 * Deploys: validate an artefact (files, integrity, the module registers, its imports exist, its
 * contract is served) and make it the package's live entry; roll back; read the history.
 */
export class Delivery {
  readonly live: LiveImportMap;
  #served: ContractSchemas | undefined;

  constructor(readonly options: DeliveryOptions) {
    this.live = new LiveImportMap(options.db, options.log);
  }

  /** The served contract's schemas: made at the first deploy, not at every start (about 60 ms of JSON Schema). */
  get served(): ContractSchemas {
    this.#served ??= contractSchemas(this.options.calls);
    return this.#served;
  }

  get artefactDir(): string {
    return this.options.artefactDir;
  }

  packageNamed(name: string): DeployablePackage {
    const pkg = this.options.packages.find((candidate) => candidate.name === name || candidate.folder === name);
    if (!pkg) {
      throw new DeployRefusedError([
        `${name} はデプロイできるパッケージではありません (${this.options.packages.map((p) => p.name).join(', ')})。`,
      ]);
    }
    return pkg;
  }

  /** Every reason `manifest` may not go live now; the contract's differences apart. */
  async check(
    manifest: ArtefactManifest,
    alsoProvided: Iterable<string> = [],
  ): Promise<{ problems: string[]; differences: ContractDifference[] }> {
    await this.live.refresh(true);
    const provided = new Set(alsoProvided);
    for (const entry of this.live.current()) {
      if (entry.package !== manifest.package) Object.keys(entry.manifest.imports).forEach((name) => provided.add(name));
    }
    const problems = await validateArtefact(this.artefactDir, manifest, provided);
    const differences = compareContracts(manifest.contract ?? {}, this.served);
    return { problems, differences };
  }

  private async load(packageName: string, version: string): Promise<ArtefactManifest> {
    const pkg = this.packageNamed(packageName);
    const manifest = await readManifest(this.artefactDir, pkg.name, version).catch((error: Error) => {
      throw new DeployRefusedError([error.message]);
    });
    if (manifest.package !== pkg.name || manifest.version !== version) {
      throw new DeployRefusedError([
        `manifest.json は ${manifest.package} ${manifest.version} のものです (${pkg.name} ${version} ではありません)。`,
      ]);
    }
    return manifest;
  }

  async deploy(
    packageName: string,
    version: string,
    options: { actor: string; expectedRevision?: number; alsoProvided?: Iterable<string> },
  ): Promise<DeployOutcome> {
    const manifest = await this.load(packageName, version);
    const { problems, differences } = await this.check(manifest, options.alsoProvided);
    if (problems.length > 0 || differences.length > 0) throw new DeployRefusedError(problems, differences);
    const outcome = await recordChange(this.options.db, {
      packageName: manifest.package,
      manifest,
      action: 'deploy',
      actor: options.actor,
      ...(options.expectedRevision === undefined ? {} : { expectedRevision: options.expectedRevision }),
      now: this.now(),
    });
    await this.live.refresh(true);
    this.options.log?.info({ package: manifest.package, version, ...outcome }, 'deployed');
    return { package: manifest.package, version, ...outcome };
  }

  /**
   * Back to the version live before the last change, checked like a deploy, and only if nothing
   * changed the entry meanwhile (the revision read is the one the change expects).
   */
  async rollback(packageName: string, options: { actor: string }): Promise<DeployOutcome> {
    const pkg = this.packageNamed(packageName);
    const [last] = await historyOf(this.options.db, pkg.name, 1);
    const current = await entryOf(this.options.db, pkg.name);
    if (!last || !current || !last.previousVersion) throw new DeployRefusedError([`${pkg.name} には戻せる前のバージョンがありません。`]);
    const manifest = await this.load(pkg.name, last.previousVersion);
    const { problems, differences } = await this.check(manifest);
    if (problems.length > 0 || differences.length > 0) throw new DeployRefusedError(problems, differences);
    const outcome = await recordChange(this.options.db, {
      packageName: pkg.name,
      manifest,
      action: 'rollback',
      actor: options.actor,
      expectedRevision: current.revision,
      now: this.now(),
    });
    await this.live.refresh(true);
    this.options.log?.info({ package: pkg.name, version: manifest.version, ...outcome }, 'rolled back');
    return { package: pkg.name, version: manifest.version, ...outcome };
  }

  history(packageName: string, limit?: number): Promise<HistoryRow[]> {
    return historyOf(this.options.db, this.packageNamed(packageName).name, limit);
  }

  /**
   * First start and development only: every package with a local build and no live entry is
   * published from its `dist/` and deployed, so `npm start` and the e2e need no manual step.
   * A live entry that an earlier start put there (actor `startup`) is replaced by a newer local
   * build, so `npm start` after a change serves the change; one a person deployed stays.
   * Checked together: root-config's vendor modules and mf-shared import each other.
   */
  async deployLocalBuilds(repoRoot: string): Promise<DeployOutcome[]> {
    await this.live.refresh(true);
    const pending: ArtefactManifest[] = [];
    for (const pkg of this.options.packages) {
      const dist = path.join(repoRoot, pkg.folder, 'dist');
      if (!existsSync(path.join(dist, 'importmap.json'))) continue;
      const live = this.live.entryOf(pkg.name);
      if (live && (await historyOf(this.options.db, pkg.name, 1))[0]?.actor !== 'startup') continue;
      const manifest = await publishArtefact({ pkg, from: dist, artefactDir: this.artefactDir, calls: this.options.calls });
      if (manifest.version !== live?.version) pending.push(manifest);
    }
    const provided = pending.flatMap((manifest) => Object.keys(manifest.imports));
    const outcomes: DeployOutcome[] = [];
    for (const manifest of pending) {
      outcomes.push(await this.deploy(manifest.package, manifest.version, { actor: 'startup', alsoProvided: provided }));
    }
    return outcomes;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}
