import { onFirstDatabase } from './global-setup';
import { reconcileLedger, stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const servers = globalThis.__SUKOYAKA_E2E_SERVERS__ ?? [];
  globalThis.__SUKOYAKA_E2E_SERVERS__ = undefined;
  // After every journey each server's ledger is whole: the operators' reconcile, once the server
  // has let go of the demo's data (issue 24 #3). A break fails the run with the command's report.
  const stopped = await Promise.allSettled(
    servers.map((server) => stopServer(server, async () => console.log(await reconcileLedger(server)))),
  );
  // The workers' sibling databases (global-setup.ts), dropped from the first one's connection.
  const siblings = servers.slice(1).flatMap((server) => (server.databaseUrl ? [new URL(server.databaseUrl).pathname.slice(1)] : []));
  if (siblings.length > 0) await onFirstDatabase(siblings.map((name) => `drop database if exists ${name} with (force)`));
  const failed = stopped.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
