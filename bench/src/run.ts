// First: the bff runs as in production (production-mode.ts says why).
import './production-mode';
import { apiBench } from './api';
import { apiThroughputBench, SERVE_FLAG, serveForBench } from './api-throughput';
import { coldVisitBench } from './cold-visit';
import { deepPageBench } from './deep-page';
import { ledgerBench } from './ledger';
import { scaleBench } from './scale';
import { lighthouseBench } from './lighthouse';
import { sizesBench } from './sizes';
import { vitalsYearBench } from './vitals-year';

/*
 * `npm run bench [-- <name>…]`: the speed and size targets, measured instead of asserted in timed
 * tests. Each bench prints its figures beside their budgets and answers what is over; the run
 * exits 1 when anything is. Without names every bench runs, in this order, but those marked
 * onlyByName (scale: it seeds 7 GB the first time).
 */
const BENCHES: Record<string, { title: string; run: () => string[] | Promise<string[]>; onlyByName?: true }> = {
  sizes: { title: 'front-end modules, compressed as sent (once, then cached)', run: sizesBench },
  // Before the browser benches: its memory figure is of this process, which they would swell.
  api: { title: 'API over HTTP on loopback', run: apiBench },
  throughput: { title: 'listBloodPressures under autocannon vs a bare Fastify + pg route (PostgreSQL)', run: apiThroughputBench },
  'deep-page': { title: 'a page after row 900,000 of 1 M vs after row 900 of 1 k (PostgreSQL)', run: deepPageBench },
  'vitals-year': { title: 'listWeights: a year of readings of a member with five years of data (p95)', run: vitalsYearBench },
  ledger: { title: 'redemptions/s with 100 members at once; the ledger model, 1 M operations (PostgreSQL)', run: ledgerBench },
  scale: { title: 'issue 28: every job and figure at 1,000,009 members beside 1,009 (PostgreSQL)', run: scaleBench, onlyByName: true },
  'cold-visit': { title: 'cold visits in Chromium: every file the page loads', run: coldVisitBench },
  lighthouse: {
    title: 'Lighthouse, mobile, default throttling, every area’s main pages (/login and /vitals: median of 3 runs on each transport)',
    run: lighthouseBench,
  },
};

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !BENCHES[name]);
  if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  const failures: string[] = [];
  for (const name of names.length > 0 ? names : Object.keys(BENCHES).filter((key) => !BENCHES[key]!.onlyByName)) {
    const bench = BENCHES[name]!;
    console.log(`— ${bench.title} —`);
    failures.push(...(await bench.run()));
  }
  if (failures.length > 0) {
    console.error(`\nover budget:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nall within budget');
}

// A server of the throughput bench, in a process of its own (api-throughput.ts), or the benches.
(process.argv[2] === SERVE_FLAG ? serveForBench(process.argv.slice(3)) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
