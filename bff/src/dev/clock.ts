import type { FastifyInstance } from 'fastify';

/** The furthest the development clock moves either way: 60 days. */
export const DEV_CLOCK_MAX_OFFSET_MS = 60 * 86_400_000;

/**
 * Development only: the server's clock, moved by an offset (PUT /__dev/clock), so that a journey
 * can live through a date boundary (a walking event's last day, then its close) without waiting
 * for it. Every rule reads `now()`; nothing else changes. Never registered in production.
 */
export interface DevClock {
  now(): Date;
  offsetMs(): number;
  setOffsetMs(offsetMs: number): void;
}

export function createDevClock(): DevClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    setOffsetMs: (offsetMs) => {
      offset = offsetMs;
    },
  };
}

export async function devClockRoutes(app: FastifyInstance, options: { clock: DevClock }): Promise<void> {
  const answer = () => ({ offsetMs: options.clock.offsetMs(), now: options.clock.now().toISOString() });
  app.get('/__dev/clock', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer();
  });
  app.put('/__dev/clock', async (request, reply) => {
    const offsetMs = (request.body as { offsetMs?: unknown } | undefined)?.offsetMs;
    if (typeof offsetMs !== 'number' || !Number.isSafeInteger(offsetMs) || Math.abs(offsetMs) > DEV_CLOCK_MAX_OFFSET_MS) {
      return reply.code(400).send({ error: 'offsetMs: ±60日以内のミリ秒の整数を指定してください' });
    }
    options.clock.setOffsetMs(offsetMs);
    reply.header('cache-control', 'no-store');
    return answer();
  });
}
