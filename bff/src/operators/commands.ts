// The operators' accounts from the command line (npm run operators -- <command>): the first
// operator of an association is created here; bff/src/cli/operators.ts only opens the database
// and prints. Answers are Japanese for whoever runs it.
import { randomBytes } from 'node:crypto';
import { isUuid } from '@sukoyaka/contract';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associations } from '../db/schema';
import { createOperator, findOperatorByEmail, listOperators, OperatorExistsError, setOperatorRoles } from './accounts';
import { totpCodeAt } from './totp';

export const OPERATORS_USAGE = `使い方: npm run operators -- <コマンド> [オプション]

  create  --email <メールアドレス> --name <氏名> --association <保険者番号|組合ID> [--role editor|viewer] [--password <パスワード>]
          運営者を作成します（パスワードを省略すると生成して表示します）。初回ログイン時に認証アプリを登録します。
  grant   --email <メールアドレス> --association <保険者番号|組合ID> --role editor|viewer
          別の健康保険組合の権限を与えます（すでにあれば役割を変えます）
  list    運営者の一覧
  code    --secret <TOTPシークレット(base32)>
          そのシークレットの現在の確認コードを表示します（開発用。認証アプリの代わりに）`;

export interface CommandResult {
  code: number;
  output: string;
}

class UsageError extends Error {}

function options(argv: string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`不明な引数です: ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  return flags;
}

function text(flags: Map<string, string | true>, name: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} を指定してください`);
  return value.trim();
}

function role(flags: Map<string, string | true>): 'editor' | 'viewer' {
  const value = flags.has('role') ? text(flags, 'role') : 'editor';
  if (value !== 'editor' && value !== 'viewer') throw new UsageError('--role は editor か viewer です');
  return value;
}

/** An association by its 保険者番号 or its id. */
async function associationOf(db: Database, value: string): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: associations.id, name: associations.name })
    .from(associations)
    .where(isUuid(value) ? or(eq(associations.id, value), eq(associations.insurerNumber, value)) : eq(associations.insurerNumber, value));
  if (!row) throw new UsageError(`健康保険組合が見つかりません: ${value}`);
  return row;
}

/** Runs one command; `db` may be null for `code`, which computes without the database. */
export async function runOperatorsCommand(database: Database | null, argv: string[], now: Date): Promise<CommandResult> {
  const [command, ...args] = argv;
  const need = (): Database => {
    if (!database) throw new Error('no database');
    return database;
  };
  try {
    const flags = options(args);
    switch (command) {
      case 'create': {
        const db = need();
        const association = await associationOf(db, text(flags, 'association'));
        const generated = !flags.has('password');
        const password = generated ? randomBytes(12).toString('base64url') : text(flags, 'password');
        if (password.length < 12) throw new UsageError('パスワードは12文字以上にしてください');
        const email = text(flags, 'email').toLowerCase();
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError('--email の形式が正しくありません');
        const operator = await createOperator(
          db,
          { email, name: text(flags, 'name'), password, roles: [{ associationId: association.id, role: role(flags) }] },
          now,
        );
        return {
          code: 0,
          output: [
            `運営者を作成しました: ${operator.email}（${association.name}、${role(flags) === 'editor' ? '編集者' : '閲覧者'}）`,
            ...(generated ? [`初期パスワード: ${password}`] : []),
            '/admin/login でログインし、認証アプリ（Google Authenticator など）を登録してください。',
          ].join('\n'),
        };
      }
      case 'grant': {
        const db = need();
        const operator = await findOperatorByEmail(db, text(flags, 'email'));
        if (!operator) throw new UsageError(`運営者が見つかりません: ${text(flags, 'email')}`);
        const association = await associationOf(db, text(flags, 'association'));
        await setOperatorRoles(db, operator.id, [{ associationId: association.id, role: role(flags) }]);
        return { code: 0, output: `${operator.email} に ${association.name} の ${role(flags)} 権限を与えました` };
      }
      case 'list': {
        const rows = await listOperators(need(), now);
        if (rows.length === 0) return { code: 0, output: '運営者はまだいません' };
        return {
          code: 0,
          output: rows
            .map(
              (row) =>
                `${row.email}\t${row.name}\t${row.totpEnabledAt ? '認証アプリ登録済み' : '認証アプリ未登録'}${row.locked ? '\tロック中' : ''}`,
            )
            .join('\n'),
        };
      }
      case 'code': {
        const secret = text(flags, 'secret').replace(/\s/g, '').toUpperCase();
        if (!/^[A-Z2-7]+=*$/.test(secret)) throw new UsageError('--secret は base32 で指定してください');
        return { code: 0, output: totpCodeAt(secret, now) };
      }
      default:
        return { code: 2, output: OPERATORS_USAGE };
    }
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, output: `${error.message}\n\n${OPERATORS_USAGE}` };
    if (error instanceof OperatorExistsError) return { code: 1, output: 'そのメールアドレスの運営者はすでにいます' };
    return { code: 1, output: `実行できませんでした: ${(error as Error).message}` };
  }
}
