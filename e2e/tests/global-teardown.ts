import { stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__SUKOYAKA_E2E_SERVER__;
  globalThis.__SUKOYAKA_E2E_SERVER__ = undefined;
  if (server) await stopServer(server);
}
