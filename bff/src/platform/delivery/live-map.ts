import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { artefactBaseUrl } from './artefacts';
import { changeCounter, liveEntries, type LiveEntry } from './store';

/** The import map as the page composes it. */
export interface ComposedImportMap {
  imports: Record<string, string>;
  dependencies: Record<string, string[]>;
  routes: Record<string, Record<string, string[]>>;
  /** Per area, per route pattern, the shared modules the route's chunks load lazily. */
  routeDependencies: Record<string, Record<string, string[]>>;
  /** SystemJS's integrity section: per module URL, its SHA-384 (the browser refuses other bytes). */
  integrity: Record<string, string>;
}

/**
 * This instance's copy of the live import map. It polls the map's change counter (every 2 s by
 * default) and reloads the entries when it moved, so a deploy through any instance reaches every
 * instance within seconds; pages read the copy, never the database.
 */
export class LiveImportMap {
  private entries: LiveEntry[] = [];
  private seen = -1;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Reloads when the map changed since the last read (or always with `force`). */
  refresh(force = false): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const counter = await changeCounter(this.db);
        if (!force && counter === this.seen) return;
        this.entries = await liveEntries(this.db);
        this.seen = counter;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  start(everyMs: number): void {
    if (everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) => this.log?.warn({ err: error }, 'reading the live import map failed; keeping the last one'));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.refreshing?.catch(() => undefined);
  }

  current(): readonly LiveEntry[] {
    return this.entries;
  }

  entryOf(packageName: string): LiveEntry | undefined {
    return this.entries.find((entry) => entry.package === packageName);
  }

  /**
   * The live entries laid over `base` (the map composed from local builds, for packages never
   * deployed): each live package's modules at its artefact's versioned URLs, with integrity.
   */
  compose(base: Omit<ComposedImportMap, 'integrity'>): ComposedImportMap {
    const map: ComposedImportMap = {
      imports: { ...base.imports },
      dependencies: { ...base.dependencies },
      routes: { ...base.routes },
      routeDependencies: { ...base.routeDependencies },
      integrity: {},
    };
    for (const { manifest } of this.entries) {
      const url = (file: string) => `${artefactBaseUrl(manifest.package, manifest.version)}${file}`;
      const withIntegrity = (file: string) => {
        const integrity = manifest.files[file]?.integrity;
        if (integrity) map.integrity[url(file)] = integrity;
        return url(file);
      };
      for (const [name, file] of Object.entries(manifest.imports)) {
        map.imports[name] = withIntegrity(file);
        map.dependencies[name] = manifest.dependencies[name] ?? [];
        delete map.routes[name];
        delete map.routeDependencies[name];
        if (manifest.routeDependencies && name === manifest.package) map.routeDependencies[name] = manifest.routeDependencies;
        if (manifest.routes && name === manifest.package) {
          map.routes[name] = Object.fromEntries(
            // Page chunks are loaded by webpack's runtime, which sets no integrity: a preload with
            // one would not match that request, and the browser would fetch the chunk twice.
            Object.entries(manifest.routes).map(([pattern, files]) => [pattern, files.map(url)]),
          );
        }
      }
    }
    return map;
  }
}
