import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeRosterFile, importRoster, RosterImportError } from '../account/roster-import';
import { runCli, withServerDatabase } from './run';

/*
 * npm run roster:import -- --association <insurerNumber> <file.csv>
 *
 * Imports an association's roster from a UTF-8 CSV with the header
 * member_symbol,member_number,birthday into the database the server uses (DATABASE_URL, or the
 * embedded PGlite in DATA_DIR, default .data/). Stop the server first when it uses the embedded
 * database: PGlite is one process's database.
 */

const USAGE = `使い方: npm run roster:import -- --association <保険者番号> <名簿.csv>

  CSV は UTF-8（BOM付きでも可）、1行目は見出し行 member_symbol,member_number,birthday、
  birthday は yyyy-MM-dd。1行でも誤りがあれば何も取り込みません。
  取り込み先は DATABASE_URL、なければ DATA_DIR（既定 .data/）の組み込みデータベースです。`;

function parseArgs(argv: string[]): { insurerNumber: string; file: string } | null {
  let insurerNumber: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--association') insurerNumber = argv[++i];
    else if (arg.startsWith('--association=')) insurerNumber = arg.slice('--association='.length);
    else if (arg === '--help' || arg === '-h') return null;
    else rest.push(arg);
  }
  if (!insurerNumber || rest.length !== 1) return null;
  return { insurerNumber, file: rest[0]! };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; a relative path means where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.file);
  let csv: string;
  try {
    csv = decodeRosterFile(await readFile(file));
  } catch (error) {
    if (error instanceof RosterImportError) {
      console.error(error.message);
      return 1;
    }
    console.error(`ファイルを読めません: ${file} (${(error as Error).message})`);
    return 1;
  }

  return withServerDatabase(async (db) => {
    try {
      const result = await importRoster(db, { insurerNumber: args.insurerNumber, csv });
      console.log(
        `${result.associationName}: ${result.rows}件を確認し、${result.inserted}件を追加しました（${result.unchanged}件は登録済みのため変更なし）。`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof RosterImportError)) throw error;
      console.error(`取り込みませんでした。次の${error.problems.length}件を直してから、もう一度実行してください。\n${error.message}`);
      return 1;
    }
  });
}

runCli(main);
