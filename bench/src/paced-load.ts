import { Worker } from 'node:worker_threads';

/*
 * An evenly paced, open-loop load: request i is due at start + i / rate, whether or not earlier
 * answers have come back, and its latency runs from when it was due to the end of its answer (so
 * a stalled server is charged for the requests it kept waiting: no coordinated omission).
 * autocannon's `overallRate` is not this: each connection sends its quota for the second back to
 * back at the start of the second, then idles, so "half the rate" is half a second of saturation.
 *
 * The generator runs in a worker thread, so the servers under test have this process's event loop
 * to themselves. Its source is plain JavaScript evaluated by the worker (the bench is one bundled
 * file, with no worker script beside it).
 */

export interface PacedLoadOptions {
  rate: number;
  seconds: number;
  /** Keep-alive connections the requests share (a due request waits for a free one, timed). */
  connections: number;
}

export interface PacedLoadResult {
  sent: number;
  failed: number;
  /** Requests per second actually answered. */
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, rate, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const latencies = [];
let failed = 0;
let sent = 0;
let done = 0;
const interval = 1000 / rate;
const total = Math.round(rate * seconds);
const start = performance.now();

function send(due) {
  sent += 1;
  const request = http.request(
    { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
    (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        if (response.statusCode >= 200 && response.statusCode < 300) latencies.push(performance.now() - due);
        else failed += 1;
        finish();
      });
    },
  );
  request.on('error', () => { failed += 1; finish(); });
  request.end();
}

function finish() {
  done += 1;
  if (done === total) {
    agent.destroy();
    parentPort.postMessage({ latencies, failed, sent, elapsed: performance.now() - start });
  }
}

// Due requests go out on each timer tick (about every millisecond), so no burst is larger than
// what falls due in a tick.
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) send(start + sent * interval);
  if (sent < total) setTimeout(tick, 1);
}
tick();
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export function pacedLoad(url: string, headers: Record<string, string>, options: PacedLoadOptions): Promise<PacedLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, headers, ...options } });
    worker.once('error', reject);
    worker.once('message', (message: { latencies: number[]; failed: number; sent: number; elapsed: number }) => {
      void worker.terminate();
      const sorted = Float64Array.from(message.latencies).sort();
      const list = Array.from(sorted);
      resolve({
        sent: message.sent,
        failed: message.failed,
        perSecond: (message.latencies.length / message.elapsed) * 1000,
        p50: round(percentile(list, 50)),
        p99: round(percentile(list, 99)),
        max: round(list[list.length - 1] ?? 0),
      });
    });
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;
