// PGlite is one connection in this process: every query waits its turn inside it, without a bound,
// so under a crowd answers come late and then time out. Calls are instead admitted here: a few
// run, a bounded number wait, and the rest are told at once to come back (503, Retry-After).
export interface WorkQueueLimits {
  /** Calls whose database work may run at the same time. */
  concurrency: number;
  /** Calls that may wait for a turn; one more is refused. */
  maxWaiting: number;
}

/** PGlite's defaults: enough overlap for the work around the queries, a wait of well under a second. */
export const PGLITE_QUEUE: WorkQueueLimits = { concurrency: 4, maxWaiting: 64 };

export class QueueFullError extends Error {
  constructor() {
    super('database work queue is full');
    this.name = 'QueueFullError';
  }
}

/** A counting semaphore with a bounded line. */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limits: WorkQueueLimits) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Waits for a turn and resolves to the function that gives it back (safe to call twice);
   * throws QueueFullError at once when the line is full.
   */
  async enter(): Promise<() => void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.limits.maxWaiting) throw new QueueFullError();
      // The turn is handed over by leave(): `running` stays counted for the one who waited.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave();
    };
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

// Keyed by the database object (not typed as Database: client.ts imports this module).
const queues = new WeakMap<object, WorkQueue>();

/** Makes calls on this database go through the queue (openDatabase does it for PGlite). */
export function queueDatabase(db: object, limits: WorkQueueLimits): WorkQueue {
  const queue = new WorkQueue(limits);
  queues.set(db, queue);
  return queue;
}

/** The database's queue, if it has one (PostgreSQL's pool has its own). */
export function queueOf(db: object): WorkQueue | undefined {
  return queues.get(db);
}
