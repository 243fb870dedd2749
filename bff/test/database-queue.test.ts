import { QueueFullError, queueDatabase, queueOf, WorkQueue } from '../src/db/queue';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

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
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
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
