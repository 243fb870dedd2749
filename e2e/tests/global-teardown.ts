import { rmSync } from 'node:fs';
import { onFirstDatabase, workerDatabaseName } from './global-setup';
import { operatorStepFile, reconcileLedger, stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const servers = globalThis.__SUKOYAKA_E2E_SERVERS__ ?? [];
  globalThis.__SUKOYAKA_E2E_SERVERS__ = undefined;
  // After every journey each server's ledger is whole: the operators' reconcile, once the server
  // has let go of the demo's data (issue 24 #3). A break fails the run with the command's report.
  const stopped = await Promise.allSettled(
    servers.map((server) => stopServer(server, async () => console.log(await reconcileLedger(server)))),
  );
  for (const server of servers) rmSync(operatorStepFile(server.baseUrl), { force: true });
  const first = process.env.E2E_DATABASE_URL;
  if (first && servers.length > 1) {
    await onFirstDatabase(
      servers.slice(1).map((_, index) => `drop database if exists ${workerDatabaseName(first, index + 1)} with (force)`),
    );
  }
  const failed = stopped.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
