import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runIncentivesCommand } from '../incentives/commands';

/*
 * npm run incentives -- <command> [options]   (the commands: bff/src/incentives/commands.ts)
 *
 * Runs against the database the server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR,
 * default .data/). Stop the server first when it uses the embedded database.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await runIncentivesCommand(database.db, process.argv.slice(2), new Date(), process.env.INIT_CWD ?? process.cwd());
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
