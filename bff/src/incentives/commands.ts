// The operator's commands (npm run incentives -- <command>), parsed and run against a database;
// bff/src/cli/incentives.ts only opens the database and prints. Answers are Japanese for the operator.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../db/client';
import { addGift, importGiftCodes } from './gifts';
import { runExpiry } from './ledger';
import { addCampaign, addMenus, createProgram, grantPoints, revokePoints, type MenuSpec } from './operator';
import { runEarning } from './programs';
import { reconcile } from './reconcile';

export const INCENTIVES_USAGE = `使い方: npm run incentives -- <コマンド> [オプション]

  create-program --association <組合ID> --name <名前> [--expiry-months 36] [--daily-ceiling 200] [--consent <同意文>] [--menus <menus.json>]
  add-menus      --program <ポイントID|coin> --menus <menus.json>
  add-gift       --program <ポイントID|coin> --name <名前> --cost <数> --kind digital_code|delivery [--stock <数>] [--prize]
  import-codes   --gift <ギフトID> <codes.csv>     （1行1コード。1件でも誤りがあれば何も取り込みません）
  add-campaign   --program <ポイントID> --title <題> --starts <日時> --ends <日時> --url <https://…>
  grant          --member <会員ID> --program <ポイントID|coin> --amount <数> --reason <理由> [--key <キー>] [--operator <名前>]
  revoke         --member <会員ID> --program <ポイントID|coin> --amount <数> --reason <理由> [--key <キー>] [--operator <名前>]
  earn           活動からの獲得を処理します
  expire         有効期限切れのポイントを失効させます
  reconcile      台帳の整合性をすべて確認します（不整合があれば終了コード1）

  menus.json: [{ "kind": "vital_recorded", "vitalType": "weight", "title": "体重を記録", "points": 10, "dailyLimit": 1 }, …]`;

export interface CommandResult {
  code: number;
  output: string;
}

function options(argv: string[]): { flags: Map<string, string | true>; rest: string[] } {
  const flags = new Map<string, string | true>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (inline !== undefined) flags.set(name, inline);
      else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(name, argv[++i]!);
      else flags.set(name, true);
    } else rest.push(arg);
  }
  return { flags, rest };
}

class UsageError extends Error {}

function text(flags: Map<string, string | true>, name: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} を指定してください`);
  return value;
}

function whole(flags: Map<string, string | true>, name: string): number {
  const value = Number(text(flags, name));
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`--${name} は1以上の整数で指定してください`);
  return value;
}

const programOf = (value: string) => (value === 'coin' ? null : value);

async function readMenus(file: string, cwd: string): Promise<MenuSpec[]> {
  const parsed = JSON.parse(await readFile(path.resolve(cwd, file), 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new UsageError('menus.json は配列で書いてください');
  return parsed as MenuSpec[];
}

/** Runs one command; `cwd` resolves file arguments. */
export async function runIncentivesCommand(db: Database, argv: string[], now: Date, cwd = process.cwd()): Promise<CommandResult> {
  const [command, ...args] = argv;
  const { flags, rest } = options(args);
  try {
    switch (command) {
      case 'create-program': {
        const id = await createProgram(db, {
          associationId: text(flags, 'association'),
          name: text(flags, 'name'),
          ...(flags.has('expiry-months') ? { expiryMonths: whole(flags, 'expiry-months') } : {}),
          ...(flags.has('daily-ceiling') ? { dailyPointCeiling: whole(flags, 'daily-ceiling') } : {}),
          ...(flags.has('consent') ? { requiresConsent: true, consentText: text(flags, 'consent') } : {}),
          ...(flags.has('menus') ? { menus: await readMenus(text(flags, 'menus'), cwd) } : {}),
        });
        return { code: 0, output: `ポイントを作成しました: ${id}` };
      }
      case 'add-menus': {
        const ids = await addMenus(db, programOf(text(flags, 'program')), await readMenus(text(flags, 'menus'), cwd));
        return { code: 0, output: `メニューを${ids.length}件追加しました` };
      }
      case 'add-gift': {
        const kind = text(flags, 'kind');
        if (kind !== 'digital_code' && kind !== 'delivery') throw new UsageError('--kind は digital_code か delivery です');
        const id = await addGift(db, {
          programId: programOf(text(flags, 'program')),
          name: text(flags, 'name'),
          cost: whole(flags, 'cost'),
          kind,
          stock: flags.has('stock') ? Number(text(flags, 'stock')) : null,
          challengePrize: flags.get('prize') === true,
        });
        return { code: 0, output: `ギフトを追加しました: ${id}` };
      }
      case 'import-codes': {
        if (rest.length !== 1) throw new UsageError('CSVファイルを1つ指定してください');
        const csv = await readFile(path.resolve(cwd, rest[0]!), 'utf8');
        const result = await importGiftCodes(db, text(flags, 'gift'), csv);
        return { code: 0, output: `コードを${result.imported}件取り込みました` };
      }
      case 'add-campaign': {
        const id = await addCampaign(db, {
          programId: text(flags, 'program'),
          title: text(flags, 'title'),
          startsAt: new Date(text(flags, 'starts')),
          endsAt: new Date(text(flags, 'ends')),
          partnerUrl: text(flags, 'url'),
        });
        return { code: 0, output: `キャンペーンを追加しました: ${id}` };
      }
      case 'grant':
      case 'revoke': {
        const adjustment = {
          userId: text(flags, 'member'),
          programId: programOf(text(flags, 'program')),
          amount: whole(flags, 'amount'),
          reason: text(flags, 'reason'),
          operator: typeof flags.get('operator') === 'string' ? (flags.get('operator') as string) : (process.env.USER ?? 'operator'),
          idempotencyKey: typeof flags.get('key') === 'string' ? (flags.get('key') as string) : randomUUID(),
          now,
        };
        const result = command === 'grant' ? await grantPoints(db, adjustment) : await revokePoints(db, adjustment);
        const verb = command === 'grant' ? '付与' : '取り消し';
        return {
          code: 0,
          output: result.replayed
            ? `同じキーの${verb}は実行済みです（残高 ${result.balance}）`
            : `${adjustment.amount}を${verb}しました（残高 ${result.balance}）`,
        };
      }
      case 'earn': {
        const result = await runEarning(db, now);
        return {
          code: 0,
          output: `獲得処理: ${result.processed}件（付与 ${result.earned}、上限 ${result.capped}、未同意 ${result.noConsent}、記録の遅れ ${result.late}）`,
        };
      }
      case 'expire': {
        const result = await runExpiry(db, now);
        return { code: 0, output: `失効: ${result.accounts}口座、${result.points}ポイント` };
      }
      case 'reconcile': {
        const report = await reconcile(db);
        if (report.ok) return { code: 0, output: `整合性OK（${report.checked.length}項目）` };
        const lines = report.breaks.map((item) => `NG ${item.invariant}: ${item.count}件 ${JSON.stringify(item.examples)}`);
        return { code: 1, output: `不整合があります:\n${lines.join('\n')}` };
      }
      default:
        return { code: 2, output: INCENTIVES_USAGE };
    }
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, output: `${error.message}\n\n${INCENTIVES_USAGE}` };
    return { code: 1, output: `実行できませんでした: ${(error as Error).message}` };
  }
}
