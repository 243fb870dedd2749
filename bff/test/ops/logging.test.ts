import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { loggerOptions } from '../../src/platform/ops/logging';
import { users } from '../../src/db/schema';
import { startServices } from '../../src/services';
import { Agent, createMember } from '../helpers';

// A whole app on PGlite with every migration: slow on a busy machine.
jest.setTimeout(120_000);

describe('logs: structured, with a request id, and no personal or medical data (issue 15)', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: 'memory://', seedDemo: false, databaseUrl: undefined });
    const database = await openDatabase({ dataDir: config.dataDir });
    const services = await startServices(config);
    // The most verbose level: whatever any line could carry is in the capture.
    app = await buildApp({
      config,
      db: database.db,
      services,
      logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await services.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('logs sign-in, a vitals save and the My Number calls without an e-mail, password, value, name or secret', async () => {
    const secrets = {
      email: 'log.taro.private@example.jp',
      password: 'very-private-passphrase-42',
      nickname: 'ログ太郎',
      answer: 'ひみつのこたえ',
    };
    const db = (app as unknown as { delivery: { options: { db: Parameters<typeof createMember>[0] } } }).delivery.options.db;
    await createMember(db, { email: secrets.email, password: secrets.password, nickname: secrets.nickname });
    const agent = new Agent(app);
    expect((await agent.signIn(secrets.email, secrets.password)).status).toBe(200);
    const saved = await agent.post('saveWeight', { measuredAt: '2024-05-01T07:05:00+09:00', weight: 73.9, bodyFat: 27.3 });
    expect({ status: saved.status, body: saved.body }).toEqual({ status: 200, body: expect.anything() });
    // My Number: whatever each answers, its input must not reach a log line.
    await agent.post('createUserMynaSecretQuestion' as never, { questionId: 'first_pet', answer: secrets.answer });
    await agent.post('authenticateUserMynaSecretQuestion' as never, { answer: secrets.answer });
    await agent.get('getMynaConnectionState' as never);
    // A malformed query on a read, with a value in it.
    await agent.get('listWeights', { from: secrets.email });

    const cookie = agent.cookie('_sukoyaka_session') ?? agent.cookie('sukoyaka_session');
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    // The readings, as numbers on their own (not inside a longer number such as a duration).
    for (const value of ['73.9', '27.3', '2024-05-01T07:05']) {
      expect({ value, found: new RegExp(`(^|[^0-9.])${value.replace('.', '\\.')}([^0-9]|$)`).test(log) }).toEqual({ value, found: false });
    }
    for (const [what, value] of Object.entries({ ...secrets, token: agent.token ?? 'no-token', cookie: cookie ?? 'no-cookie' })) {
      expect({ what, found: log.includes(value) }).toEqual({ what, found: false });
    }
    // Every line is JSON; a request's lines carry its id, which the answer also names.
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { path?: string } });
    expect(parsed.some((line) => line.req?.path === '/api/bff/saveWeight' && typeof line.reqId === 'string')).toBe(true);
    expect(saved.headers['x-request-id']).toEqual(expect.any(String));
    expect(parsed.some((line) => line.reqId === saved.headers['x-request-id'])).toBe(true);
  });

  it('issue 24 #6: a failing statement is logged without its parameters, detail or the values in its message', async () => {
    const db = (app as unknown as { delivery: { options: { db: Parameters<typeof createMember>[0] } } }).delivery.options.db;
    const member = await createMember(db, { email: 'failing.statement.private@example.jp' });
    const inquiryText = '糖尿病と診断されました。治療中の補助について知りたいです（ログ非公開テキスト）';
    const agent = new Agent(app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
    const start = lines.length;

    // Through the error handler: the inquiry's insert violates a constraint (its detail repeats the row).
    await db.execute(sql`alter table inquiries add constraint issue24_refuse_every_row check (false) not valid`);
    try {
      const failed = await agent.post('createInquiry', { category: 'health', body: inquiryText });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql`alter table inquiries drop constraint issue24_refuse_every_row`);
    }
    // Through the app's logger, as the outbox and the jobs log: a duplicate e-mail (its detail names
    // the value) and a value the database could not read (its message quotes it).
    const duplicate = await db
      .insert(users)
      .values({ email: member.email, passwordHash: 'x', nickname: 'ログ重複' })
      .catch((error: unknown) => error);
    app.log.error({ err: duplicate }, 'outbox message failed for good');
    const unreadable = await db.execute(sql`select ${'not-a-uuid-private-value'}::uuid`).catch((error: unknown) => error);
    app.log.error({ err: unreadable }, 'the incentives job failed');

    const written = lines.slice(start).join('');
    for (const value of [inquiryText, '糖尿病', member.email, 'not-a-uuid-private-value', 'ログ重複']) {
      expect({ value, found: written.includes(value) }).toEqual({ value, found: false });
    }
    // What an engineer needs is still there: the statement (placeholders only), the error's code and constraint.
    const logged = lines.slice(start).map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, any> });
    const unhandled = logged.find((line) => line.msg === 'unhandled error');
    expect(unhandled?.err?.message).toMatch(/^Failed query: insert into "inquiries"/);
    expect(unhandled?.err?.cause).toMatchObject({ code: '23514', constraint: 'issue24_refuse_every_row' });
    const outboxLine = logged.find((line) => line.msg === 'outbox message failed for good');
    expect(outboxLine?.err?.cause).toMatchObject({ code: '23505' });
    expect(JSON.stringify(outboxLine)).not.toContain('params');
  });

  it('takes the request id from a trusted proxy only', async () => {
    const fromProxy = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'proxy-id-12345678' },
      remoteAddress: '127.0.0.1',
    });
    expect(fromProxy.headers['x-request-id']).toBe('proxy-id-12345678');
    const fromClient = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'forged-id-12345678' },
      remoteAddress: '203.0.113.9',
    });
    expect(fromClient.headers['x-request-id']).not.toBe('forged-id-12345678');
    expect(fromClient.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
