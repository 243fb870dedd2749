import path from 'node:path';
import { calls } from '@sukoyaka/contract';
import { REPO_ROOT } from '../paths';
import { DEVELOPMENT_DEPLOY_TOKEN, deployablePackages, publishArtefact } from '../platform/delivery';

const USAGE = `使い方 (npm run deploy -- …):
  publish <package> [--from <dist>] [--version <v>] [--deploy]   ビルドを成果物として公開する (ARTEFACT_DIR へ)
  <package> <version>                                            公開済みのバージョンをデプロイする
  rollback <package>                                             直前のバージョンに戻す
  history <package>                                              デプロイの履歴
  status                                                         各パッケージのライブのバージョン
<package> は @sukoyaka/health のような名前か mf-health のようなフォルダ名。
接続先: DEPLOY_URL (既定 http://localhost:$PORT、PORT の既定は 8080)、トークン: DEPLOY_TOKEN。`;

/*
 * The deploy CLI: publishing writes an artefact into the folder the servers serve (ARTEFACT_DIR,
 * else the folder the running server reports); deploys, rollbacks and the history go through the
 * deploy API, so they work while the server runs (PGlite is one process's database) and reach
 * every instance.
 */
const baseUrl = (process.env.DEPLOY_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const token = process.env.DEPLOY_TOKEN ?? DEVELOPMENT_DEPLOY_TOKEN;

async function api(method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/deploy/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw new Error(`${baseUrl} に接続できません (${(error as Error).message})。サーバーを起動するか DEPLOY_URL を指定してください。`);
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function artefactDir(): Promise<string> {
  if (process.env.ARTEFACT_DIR) return path.resolve(process.env.ARTEFACT_DIR);
  const status = await api('GET', 'status');
  if (status.status !== 200 || typeof status.json.artefactDir !== 'string') {
    throw new Error(`成果物の置き場所がわかりません: ARTEFACT_DIR を指定してください (${String(status.json.message ?? status.status)})。`);
  }
  return status.json.artefactDir;
}

function report(answer: { status: number; json: Record<string, unknown> }, success: (json: Record<string, unknown>) => string): number {
  if (answer.status === 200) {
    console.log(success(answer.json));
    return 0;
  }
  console.error(String(answer.json.message ?? `失敗しました (HTTP ${answer.status})`));
  return 1;
}

async function deploy(pkg: string, version: string): Promise<number> {
  return report(await api('POST', 'deploy', { package: pkg, version }), (json) => {
    const previous = json.previousVersion ? ` (前: ${String(json.previousVersion)})` : '';
    return `${String(json.package)} ${String(json.version)} をデプロイしました${previous}。改訂 ${String(json.revision)}。`;
  });
}

export async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'publish') {
    const name = rest[0];
    const pkg = deployablePackages(REPO_ROOT).find((candidate) => candidate.name === name || candidate.folder === name);
    if (!pkg) {
      console.error(`${name ?? '(なし)'} はデプロイできるパッケージではありません。\n${USAGE}`);
      return 1;
    }
    const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), option(rest, '--from') ?? path.join(REPO_ROOT, pkg.folder, 'dist'));
    const version = option(rest, '--version');
    const manifest = await publishArtefact({ pkg, from, artefactDir: await artefactDir(), calls, ...(version ? { version } : {}) });
    console.log(`${pkg.name} ${manifest.version} を公開しました (${Object.keys(manifest.files).length} ファイル)。`);
    return rest.includes('--deploy') ? deploy(pkg.name, manifest.version) : 0;
  }
  if (command === 'rollback' && rest[0]) {
    return report(
      await api('POST', 'rollback', { package: rest[0] }),
      (json) => `${String(json.package)} を ${String(json.version)} に戻しました。`,
    );
  }
  if (command === 'history' && rest[0]) {
    return report(await api('GET', `history?package=${encodeURIComponent(rest[0])}`), (json) =>
      (json.history as { at: string; action: string; version: string; previousVersion: string | null; actor: string; revision: number }[])
        .map(
          (row) =>
            `${row.at}  ${row.action === 'rollback' ? 'ロールバック' : 'デプロイ'}  ${row.version}  (前: ${row.previousVersion ?? 'なし'}, 改訂 ${row.revision}, ${row.actor})`,
        )
        .join('\n'),
    );
  }
  if (command === 'status') {
    return report(await api('GET', 'status'), (json) =>
      (json.packages as { package: string; live: { version: string; revision: number } | null }[])
        .map((row) => `${row.package}  ${row.live ? `${row.live.version} (改訂 ${row.live.revision})` : '未デプロイ'}`)
        .join('\n'),
    );
  }
  if (rest.length === 1 && !command.startsWith('-')) return deploy(command, rest[0]!);
  console.error(USAGE);
  return 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
