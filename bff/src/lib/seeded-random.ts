/**
 * mulberry32: a small deterministic generator of numbers in [0, 1), for what must come out the
 * same on every run — the demo's readings, the ledger model's operations, the fuzz suite's inputs —
 * so a failing run can be repeated. Not for anything secret (use node:crypto for that).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
