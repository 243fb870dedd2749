import { runOperatorsCommand } from '../operators/commands';
import { printResult, runCli, withServerDatabase } from './run';

/*
 * npm run operators -- <command> [options]   (the commands: bff/src/operators/commands.ts)
 *
 * Runs against the database the server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR,
 * default .data/). Stop the server first when it uses the embedded database.
 */
runCli(async () => {
  const argv = process.argv.slice(2);
  // `code` needs no database: it only computes the current code of a secret.
  if (argv[0] === 'code') return printResult(await runOperatorsCommand(null, argv, new Date()));
  return withServerDatabase(async (db) => printResult(await runOperatorsCommand(db, argv, new Date())));
});
