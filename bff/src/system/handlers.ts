import { sql } from 'drizzle-orm';
import type { Handlers } from '../api/handlers';

export const systemHandlers = {
  async ping(_input, { db, now }) {
    await db.execute(sql`select 1`);
    return { status: 'ok' as const, time: now.toISOString() };
  },
} satisfies Partial<Handlers>;
