import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

/*
 * What the command-line tools share: the exit code from their main, the database the server uses,
 * and a command's answer printed where a shell expects it.
 */

/** Runs a tool's main: its answer is the exit code; an error it throws is printed and exits 1. */
export function runCli(main: () => Promise<number>, describeError: (error: unknown) => unknown = (error) => error): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(describeError(error));
      process.exitCode = 1;
    },
  );
}

/**
 * Runs `work` against the database the server uses (DATABASE_URL, or the embedded PGlite in
 * DATA_DIR, default .data/), closed afterwards whatever happens. PGlite is one process's
 * database: the server is stopped first when it uses the embedded one.
 */
export async function withServerDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Prints a command's output, on stdout when it succeeded and stderr otherwise; answers its exit code. */
export function printResult(result: { code: number; output: string }): number {
  (result.code === 0 ? console.log : console.error)(result.output);
  return result.code;
}
