import type { AddressInfo } from 'node:net';
import { AUTHENTICITY_TOKEN_HEADER } from '@sukoyaka/contract';
import { buildApp } from '@sukoyaka/bff/src/app';
import { loadConfig } from '@sukoyaka/bff/src/config';
import { openDatabase } from '@sukoyaka/bff/src/db/client';
import { DEMO_MEMBER, seedDemo } from '@sukoyaka/bff/src/db/seed';
import { startServices } from '@sukoyaka/bff/src/services';

/** The built site on a loopback port, as the browser benches visit it (no dev tools, demo seeded). */
export interface BenchSite {
  base: string;
  /** Signs the demo member in over HTTP and answers the Cookie header of that session. */
  memberCookie(): Promise<string>;
  close(): Promise<void>;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function startBenchSite(): Promise<BenchSite> {
  // NODE_ENV=test: the production page (no import-map-overrides, no dev outbox) over plain HTTP.
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', AUTH_THROTTLE_MAX: '0' },
    { dataDir: 'memory://', seedDemo: true, port: 0 },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedDemo(database.db);
  const services = await startServices(config);
  const app = await buildApp({ config, db: database.db, services });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function memberCookie(): Promise<string> {
    const cookies = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!, value.join('='));
      }
    };
    const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const tokenAnswer = await fetch(`${base}/api/bff/getAuthenticityTokenForClient`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    remember(tokenAnswer);
    const { authenticityToken } = (await tokenAnswer.json()) as { authenticityToken: string };
    const signIn = await fetch(`${base}/api/bff/signIn`, {
      method: 'POST',
      headers: {
        cookie: header(),
        'content-type': 'application/json',
        [AUTHENTICITY_TOKEN_HEADER]: authenticityToken,
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
    });
    if (!signIn.ok) throw new Error(`signIn answered ${signIn.status}: ${await signIn.text()}`);
    remember(signIn);
    // The browser id cookie, as a returning browser has it.
    remember(await fetch(`${base}/api/bff/getSession`, { headers: { cookie: header(), 'x-requested-with': 'XMLHttpRequest' } }));
    return header();
  }

  return {
    base,
    memberCookie,
    async close() {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}

export const kib = (bytes: number) => bytes / 1024;
export const fmt = (value: number, digits = 1) => value.toFixed(digits);
