import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server the throughput and deep-page benches use (trust auth on loopback by default). */
export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` against a database of its own on the bench server, dropped afterwards. */
export async function withBenchDatabase<T>(label: string, work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `sukoyaka_bench_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: BENCH_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    const cleanup = new Client({ connectionString: BENCH_SERVER_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
