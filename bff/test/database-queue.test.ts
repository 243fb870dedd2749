import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { buildApp } from '../src/app';
import { PGLITE_QUEUE, QueueFullError, queueDatabase, queueOf, WorkQueue } from '../src/db/queue';
import { Agent, createMember, createTestContext, signedInMember, type TestContext } from './helpers';

describe('WorkQueue', () => {
  it('runs up to its concurrency, lines up to its bound, refuses beyond, and hands turns over in order', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 2 });
    const first = await queue.enter();
    const second = await queue.enter();
    const order: string[] = [];
    const third = queue.enter().then((leave) => (order.push('third'), leave));
    const fourth = queue.enter().then((leave) => (order.push('fourth'), leave));
    expect(queue.stats).toEqual({ running: 2, waiting: 2 });
    await expect(queue.enter()).rejects.toBeInstanceOf(QueueFullError);

    first();
    first(); // giving a turn back twice gives back one turn
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });
});

describe('calls beyond the bound of the database queue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('PGlite gets a queue; PostgreSQL has its pool', () => {
    expect(queueOf(ctx.db) !== undefined).toBe(!process.env.TEST_DATABASE_URL);
  });

  it('are answered 503 with Retry-After at once, while those in line succeed', async () => {
    const { agent } = await signedInMember(ctx);
    // One turn, two places in line; the test holds the turn, so the line fills deterministically.
    const queue = queueDatabase(ctx.db, { concurrency: 1, maxWaiting: 2 });
    const held = await queue.enter();
    const calls = Array.from({ length: 5 }, () => agent.get('listBloodPressures'));
    const settled = new Map<number, Awaited<(typeof calls)[number]>>();
    calls.forEach((call, index) => void call.then((response) => settled.set(index, response)));

    // The three beyond the line are answered without waiting for the turn.
    await new Promise<void>((resolve) => {
      const check = () => (settled.size >= 3 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(queue.stats).toEqual({ running: 1, waiting: 2 });
    const refused = [...settled.values()];
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.body).toEqual({
        code: 'service_unavailable',
        message: 'ただいま混み合っています。しばらくしてから、もう一度お試しください。',
      });
    }

    held();
    const all = await Promise.all(calls);
    expect(all.map((response) => response.status).sort()).toEqual([200, 200, 503, 503, 503]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('the shell and static files do not queue', async () => {
    const queue = queueDatabase(ctx.db, { concurrency: 1, maxWaiting: 0 });
    const held = await queue.enter();
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/' });
      // Built or not (npm test runs before the build, when the shell answers "not built yet"),
      // the page is never the queue's refusal.
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.body).not.toContain('service_unavailable');
    } finally {
      held();
    }
  });
});

describe('issue 24 #10: no request timeout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a body trickled one byte at a time has its connection closed once the request timeout passes', async () => {
    const app = await buildApp({
      config: { ...ctx.config, http: { requestTimeoutMs: 500, connectionTimeoutMs: 60_000 } },
      db: ctx.db,
      services: ctx.services,
      now: ctx.clock.now,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    // A session and its token, so the request passes every check and waits for its body.
    const agent = new Agent(app);
    const token = await agent.fetchToken();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const started = Date.now();
    socket.write(
      [
        'POST /api/bff/getAuthState HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 100',
        `Cookie: sukoyaka_session=${agent.cookie('sukoyaka_session')}`,
        `X-CSRF-Token: ${token}`,
        '',
        '{',
      ].join('\r\n'),
    );
    const trickle = setInterval(() => !socket.destroyed && socket.write(' '), 100);
    try {
      expect(await closed).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
      await app.close();
    }
  });

  it('a request whose body is still arriving holds no turn in the database queue', async () => {
    const agent = new Agent(ctx.app);
    const token = await agent.fetchToken();
    // One turn, nobody may wait: a call that held the turn while its body trickles would shut everyone out.
    queueDatabase(ctx.db, { concurrency: 1, maxWaiting: 0 });
    try {
      const body = new PassThrough();
      body.write('{');
      const slow = ctx.app.inject({
        method: 'POST',
        url: '/api/bff/getAuthState',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'content-length': '2',
          cookie: `sukoyaka_session=${agent.cookie('sukoyaka_session')}`,
          'x-csrf-token': token,
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Meanwhile another member's call gets the turn.
      const member = await createMember(ctx.db);
      const other = new Agent(ctx.app);
      const signedIn = await other.signIn(member.email, member.password);
      expect(signedIn.status).toBe(200);
      expect((await other.get('listBloodPressures')).status).toBe(200);
      // The slow body arrives: the call takes its turn and is answered.
      body.end('}');
      expect((await slow).statusCode).toBe(200);
      expect(queueOf(ctx.db)!.stats).toEqual({ running: 0, waiting: 0 });
    } finally {
      queueDatabase(ctx.db, PGLITE_QUEUE);
    }
  });
});
