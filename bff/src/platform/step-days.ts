// A member's daily step count changed (health/steps.ts, every write of the `steps` table but the
// hand-entry corrections, which never count). Nothing here knows of any area: the observer app.ts
// registers (the incentives area's walking events) follows the change inside the writer's
// transaction, so what it keeps (event totals, ranks) is committed exactly with the count.
import type { Executor } from '../db/client';

export interface StepDayChange {
  userId: string;
  /** yyyy-MM-dd, Japan. */
  day: string;
  steps: number;
  source: 'manual' | 'wearable' | 'app';
  /** The health area's own status: `held` over its plausibility limit. */
  status: 'counted' | 'held';
}

export type StepDayObserver = (tx: Executor, change: StepDayChange) => Promise<void>;

let observer: StepDayObserver | null = null;

/** Called by app.ts with the incentives area's walking events (decision 0028). */
export function registerStepDayObserver(observe: StepDayObserver): void {
  observer = observe;
}

/** Tells the observer of a saved day, in the writer's transaction. */
export async function stepDayChanged(tx: Executor, change: StepDayChange): Promise<void> {
  if (observer) await observer(tx, change);
}
