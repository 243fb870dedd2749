import { reconcileLedger, stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__SUKOYAKA_E2E_SERVER__;
  globalThis.__SUKOYAKA_E2E_SERVER__ = undefined;
  // After every journey the ledger is whole: the operators' reconcile, once the server has let go
  // of the demo's data (issue 24 #3). A break fails the run with the command's report.
  if (server) await stopServer(server, async () => console.log(await reconcileLedger(server)));
}
