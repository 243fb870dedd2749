import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the run's outcome last, in jest's form ("Tests:       1 failed, 41 passed, 42 total"):
 * `.ci/run` (run_jest) reads that line from every suite it runs.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    // A retried test counts once, by its last attempt.
    this.outcomes.set(test, result.status);
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const status of this.outcomes.values()) {
      if (status === 'passed') passed += 1;
      else if (status === 'skipped') skipped += 1;
      else failed += 1;
    }
    // Like jest, only the counts there are, and the total.
    const parts = [
      failed && `${failed} failed`,
      skipped && `${skipped} skipped`,
      passed && `${passed} passed`,
      `${this.outcomes.size} total`,
    ];
    console.log(`Tests:       ${parts.filter(Boolean).join(', ')}`);
    if (result.status !== 'passed') console.log(`e2e: the run ${result.status}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
