import type { AddressInfo } from 'node:net';
import { AUTHENTICITY_TOKEN_HEADER, OPERATOR_AUTHENTICITY_TOKEN_HEADER } from '@sukoyaka/contract';
import { buildApp } from '@sukoyaka/bff/src/app';
import { loadConfig } from '@sukoyaka/bff/src/config';
import { openDatabase } from '@sukoyaka/bff/src/db/client';
import { DEMO_MEMBER, seedDemo } from '@sukoyaka/bff/src/db/seed';
import { DEMO_OPERATOR } from '@sukoyaka/bff/src/operators/demo-seed';
import { totpCodeAt } from '@sukoyaka/bff/src/operators/totp';
import { startServices } from '@sukoyaka/bff/src/services';
import { bffBrowser } from './bff-browser';

/** The built site on a loopback port, as the browser benches visit it (no dev tools, demo seeded). */
export interface BenchSite {
  base: string;
  /** Signs the demo member in over HTTP and answers the Cookie header of that session. */
  memberCookie(): Promise<string>;
  /** Signs the demo operator in (password, then the TOTP code) and answers that session's Cookie header. */
  operatorCookie(): Promise<string>;
  /** The pages the browser benches visit, with the demo's own ids in their paths (benchPages). */
  pages(): Promise<BenchPage[]>;
  close(): Promise<void>;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Playwright, loaded by the benches that drive a browser: a bench's servers run from this bundle
 * too (`--bench-serve`), and the bff's memory they report must not hold its 70 MB.
 */
export const loadPlaywright = () => import('playwright-core');

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

  /** A cookie jar of one browser: what the site set, as the Cookie header it sends back. */
  const jar = () => {
    const cookies = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!, value.join('='));
      }
    };
    const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { remember, header };
  };

  async function memberCookie(): Promise<string> {
    const browser = bffBrowser(base);
    await browser.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
    // The browser id cookie, as a returning browser has it.
    await browser.call('GET', 'getSession');
    return browser.cookieHeader();
  }

  async function operatorCookie(): Promise<string> {
    const { remember, header } = jar();
    const call = async (name: string, token?: string, body?: unknown) => {
      const response = await fetch(`${base}/api/bff/${name}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          cookie: header(),
          'x-requested-with': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          // The operator session's token goes in the same request header as a member's.
          ...(token ? { [AUTHENTICITY_TOKEN_HEADER]: token } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
      remember(response);
      return response;
    };
    const session = await call('getOperatorSession');
    let token =
      session.headers.get(OPERATOR_AUTHENTICITY_TOKEN_HEADER) ??
      ((await session.json()) as { authenticityToken: string }).authenticityToken;
    const password = await call('operatorSignIn', token, { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password });
    // The session rotates at each step, and its token with it.
    token = password.headers.get(OPERATOR_AUTHENTICITY_TOKEN_HEADER) ?? token;
    await call('verifyOperatorTotp', token, { code: totpCodeAt(DEMO_OPERATOR.totpSecret, new Date()) });
    return header();
  }

  async function pages(): Promise<BenchPage[]> {
    const member = await memberCookie();
    const read = async <T>(name: string): Promise<T> => {
      const response = await fetch(`${base}/api/bff/${name}`, { headers: { cookie: member, 'x-requested-with': 'XMLHttpRequest' } });
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const { accounts } = await read<{ accounts: { pointId: string }[] }>('listEnablePointAccounts');
    const { items } = await read<{ items: { id: string }[] }>('listAnnouncements');
    if (!accounts[0] || !items[0]) throw new Error('The demo member has no point program or no announcement to visit.');
    const operator = await operatorCookie();
    return benchPages({ pointId: accounts[0].pointId, announcementId: items[0].id }).map((page) => ({
      ...page,
      cookie: page.as === 'member' ? member : page.as === 'operator' ? operator : undefined,
    }));
  }

  return {
    base,
    memberCookie,
    operatorCookie,
    pages,
    async close() {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}

/** A page the browser benches visit: its path, and who visits it. */
export interface BenchPage {
  label: string;
  path: string;
  as: 'visitor' | 'member' | 'operator';
  /** The visitor's Cookie header (none for a visitor). */
  cookie?: string;
}

/**
 * Issue 28: every area's main pages, not two. The member's, signed in as the demo member; the
 * operators' dashboard, signed in as the demo operator; /login as a first visit.
 */
export function benchPages(ids: { pointId: string; announcementId: string }): Omit<BenchPage, 'cookie'>[] {
  const member = (path: string) => ({ label: path, path, as: 'member' as const });
  return [
    { label: '/login', path: '/login', as: 'visitor' },
    { label: '/ (home)', path: '/', as: 'member' },
    member('/vitals'),
    member('/vitals/blood_pressure'),
    member('/health_forecasts/simulations'),
    member('/points'),
    { label: '/points/[id]', path: `/points/${encodeURIComponent(ids.pointId)}`, as: 'member' },
    member('/incentives'),
    member('/announcements'),
    { label: '/announcements/[id]', path: `/announcements/${encodeURIComponent(ids.announcementId)}`, as: 'member' },
    member('/myna_connection'),
    member('/menu'),
    member('/profile'),
    { label: '/admin', path: '/admin', as: 'operator' },
  ];
}

export const kib = (bytes: number) => bytes / 1024;
export const fmt = (value: number, digits = 1) => value.toFixed(digits);
