import { stat } from 'node:fs/promises';

/**
 * What files hold, loaded again only when a file changed on disk, so publishing a build (an area's
 * importmap.json, its server render) takes effect on the next page load without a restart.
 */
export class FileCache<T> {
  private readonly entries = new Map<string, { mtimeMs: number; value: T }>();

  constructor(private readonly load: (file: string) => T | Promise<T>) {}

  /** The file's content as loaded, or null when there is no such file. */
  async read(file: string): Promise<T | null> {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = this.entries.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.value;
    const value = await this.load(file);
    this.entries.set(file, { mtimeMs: info.mtimeMs, value });
    return value;
  }
}
