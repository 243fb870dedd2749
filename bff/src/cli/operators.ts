import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runOperatorsCommand } from '../operators/commands';

/*
 * npm run operators -- <command> [options]   (the commands: bff/src/operators/commands.ts)
 *
 * Runs against the database the server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR,
 * default .data/). Stop the server first when it uses the embedded database.
 */
async function main(): Promise<number> {
  // `code` needs no database: it only computes the current code of a secret.
  const argv = process.argv.slice(2);
  if (argv[0] === 'code') {
    const result = await runOperatorsCommand(null, argv, new Date());
    (result.code === 0 ? console.log : console.error)(result.output);
    return result.code;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await runOperatorsCommand(database.db, argv, new Date());
    (result.code === 0 ? console.log : console.error)(result.output);
    return result.code;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
