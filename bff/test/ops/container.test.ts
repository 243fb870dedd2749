import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { assertProductionReady, environmentProblems, loadConfig } from '../../src/config';
import { BFF_ROOT, REPO_ROOT } from '../../src/paths';

// The image is not built here (no container engine on this machine): these check what can be
// checked without one — the compose file, the Dockerfile's shape and the runtime's dependencies.

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

/** `${NAME:-default}` → default; `${NAME:?message}` → a value the operator would give. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_match, name: string, fallback: string | undefined) => {
    if (fallback !== undefined) return fallback;
    if (name === 'SMTP_URL') return 'smtps://mailer:secret@smtp.example.jp:465';
    if (name.endsWith('_URL')) return `https://${name.toLowerCase().replace(/_/g, '-')}.example.jp`;
    return `given-${name.toLowerCase()}-0123456789abcdef0123456789`;
  });
}

describe('running as a service: compose.yaml, Dockerfile, production dependencies (issue 15)', () => {
  const compose = parse(readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, ComposeService> };

  it('compose starts the bff with PostgreSQL and Redis, waiting for both to be healthy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bff', 'postgres', 'redis']);
    const bff = compose.services.bff!;
    expect(bff.build).toBe('.');
    expect(bff.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    for (const name of ['bff', 'postgres', 'redis']) expect(compose.services[name]!.healthcheck?.test.length).toBeGreaterThan(0);
    expect(bff.healthcheck!.test.join(' ')).toContain('/readyz');
    const env = Object.fromEntries(Object.entries(bff.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]));
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', REDIS_URL: 'redis://redis:6379' });
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/sukoyaka:[^@]+@postgres:5432\/sukoyaka$/);
  });

  it('compose.yaml states the Compose it needs for its top-level name: v2.3.0 or newer, with the commands (issue 25 #5)', () => {
    const text = readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8');
    expect((parse(text) as { name?: string }).name).toBe('sukoyaka');
    const header = text.slice(0, text.search(/^name:/m));
    expect(header).toContain('Needs Docker Compose v2.3.0 or newer');
    for (const command of ['docker compose config --quiet', 'docker compose up --build -d', 'docker compose down'])
      expect(header).toContain(command);
    const operations = readFileSync(path.join(REPO_ROOT, 'docs', 'delivery-and-operations.md'), 'utf8');
    expect(operations).toContain('needs Docker Compose v2.3.0 or newer');
    for (const command of ['docker build -t sukoyaka .', 'docker run -d --name sukoyaka', 'docker compose up --build -d'])
      expect(operations).toContain(command);
  });

  it('its environment is a configuration production accepts', () => {
    const env = Object.fromEntries(
      Object.entries(compose.services.bff!.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
    );
    const saved = process.env;
    process.env = { ...env };
    try {
      const config = loadConfig(env);
      expect(config.env).toBe('production');
      expect(() => assertProductionReady(config)).not.toThrow();
      expect(environmentProblems(env)).toEqual([]);
    } finally {
      process.env = saved;
    }
  });

  it('the Dockerfile builds in a stage of its own and runs production dependencies only, as a non-root user, with a health check', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const runtime = stages[1]!;
    expect(runtime).toMatch(/npm ci --omit=dev --workspace=bff/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/HOST=0\.0\.0\.0/);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    expect(runtime).toMatch(/^CMD \["node", "bff\/dist\/server\.js"\]$/m);
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.env']));
  });

  it('everything the bundled server loads at run time is Node itself or a production dependency of the bff', async () => {
    const pkg = JSON.parse(readFileSync(path.join(BFF_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    // The same externals as build.mjs: every dependency, development ones included (the local
    // fakes among them), so a development dependency imported by the server shows here.
    const bundled = Object.keys(pkg.dependencies).filter((name) => name.startsWith('@sukoyaka/'));
    const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter((name) => !bundled.includes(name));
    const result = await build({
      absWorkingDir: BFF_ROOT,
      entryPoints: ['src/server.ts', 'src/cli/import-roster.ts'],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      write: false,
      outdir: 'out',
      metafile: true,
      logLevel: 'silent',
      external: [...external, ...external.map((name) => `${name}/*`)],
    });
    const loaded = new Set<string>();
    // The local fakes are a development dependency: loaded at run time, outside production only.
    const fakesLoaded = new Set<string>();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const item of output.imports) {
        if (!item.external) continue;
        if (item.path === '@sukoyaka/fakes') fakesLoaded.add(item.kind);
        else loaded.add(item.path);
      }
    }
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    const builtins = new Set(builtinModules);
    const notProduction = [...loaded]
      .filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier) && !builtins.has(packageOf(specifier)))
      .filter((specifier) => !(packageOf(specifier) in pkg.dependencies));
    expect(loaded.size).toBeGreaterThan(5);
    expect(notProduction).toEqual([]);
    // Issue 26: the fakes (@sukoyaka/fakes) and the benchmarks (@sukoyaka/bench) leave the production
    // bundle. The server imports the fakes by a dynamic import only (src/dev/fakes.ts), behind the
    // configuration; none of their files, nor the bench's, is bundled in.
    expect([...fakesLoaded]).toEqual(['dynamic-import']);
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(BFF_ROOT, input));
    expect(inputs.some((input) => input.startsWith(path.join(BFF_ROOT, 'src') + path.sep))).toBe(true);
    for (const outside of ['fakes', 'bench'])
      expect(inputs.filter((input) => input.startsWith(path.join(REPO_ROOT, outside) + path.sep))).toEqual([]);
  });
});
