import { runIncentivesCommand } from '../incentives/commands';
import { printResult, runCli, withServerDatabase } from './run';

/*
 * npm run incentives -- <command> [options]   (the commands: bff/src/incentives/commands.ts)
 *
 * Runs against the database the server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR,
 * default .data/). Stop the server first when it uses the embedded database.
 */
runCli(() =>
  withServerDatabase(async (db) =>
    printResult(await runIncentivesCommand(db, process.argv.slice(2), new Date(), process.env.INIT_CWD ?? process.cwd())),
  ),
);
