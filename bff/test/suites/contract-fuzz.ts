import { readdirSync, writeFileSync } from 'node:fs';
import type { CallName } from '@sukoyaka/contract';
import { createTestContext, type TestContext, scheduledJobsOff } from '../helpers';
import { LOCAL_FAKES } from '../../src/services';
import { exampleFor } from './examples';
import { probesFor, type Probe } from './fuzz-inputs';
import { callNames, installChangeCapture, report, signedInMember, takeChangedTables, type Answer, type Browser } from './support';

/*
 * Issue 8, contract fuzz: generated from the contract, so a new call is covered without a new
 * test. For every call, as a signed-in member with a valid authenticity token and fresh step-up
 * confirmations, malformed inputs derived from the call's input schema (fuzz-inputs.ts). No
 * answer may be a 5xx; a 400 has the contract's shape with a Japanese message; and a rejected
 * request (4xx) changes no row of any table (the change capture of support.ts, taken after each
 * request).
 * Issue 26: the calls are shared out among SHARDS files, contract-fuzz.part<k>.test.ts, which jest
 * runs in parallel, each on its own database; each runs this module for its share.
 */

/** How many part files share the calls out (measured on 2 cores: docs/performance.md). */
export const SHARDS = 2;

/** The calls of part `part` (1-based): the calls whose index in the contract modulo SHARDS is part - 1. */
export function shareOf(part: number): CallName[] {
  return callNames.filter((_, index) => index % SHARDS === part - 1);
}

interface KnownDefect {
  /** The calls it happens on ('*': every call whose probes reach it). */
  calls: '*' | CallName[];
  /** The probe label(s) and the finding, as patterns over `call | probe | finding` parts. */
  probe: RegExp;
  finding: RegExp;
  why: string;
}

/**
 * Defects this suite found that are still open, so the suite stays green on them and fails on
 * any new one. The owner of bff/src fixes them and takes the entry out (the last test fails on
 * an entry that no longer happens).
 */
const KNOWN_DEFECTS: KnownDefect[] = [];

const isKnown = (finding: string) => {
  const [call, probe, problem] = finding.split(' | ') as [CallName, string, string];
  return KNOWN_DEFECTS.find(
    (defect) => (defect.calls === '*' || defect.calls.includes(call)) && defect.probe.test(probe) && defect.finding.test(problem),
  );
};

/**
 * Rejections that rightly write, as `call | status code` and the tables they may touch: a wrong
 * password or birthday is counted toward the account lock (users) and audited (audit_logs) even
 * though the request is refused — well-formed input that simply is not the member's secret.
 */
const COUNTED_REJECTIONS: Record<string, string[]> = Object.fromEntries([
  ...(['signIn', 'authenticateUserPassword', 'authenticateBirthday'] as const).flatMap((call) => {
    // signIn counts wrong passwords per address typed or per known browser (issue 8), and the
    // failure that locks an address enqueues the unlock mail with its link.
    const tables =
      call === 'signIn' ? ['audit_logs', 'sign_in_locks', 'known_devices', 'one_time_tokens', 'outbox_messages'] : ['audit_logs', 'users'];
    return [
      [`${call} | 401 invalid_credentials`, tables],
      // The failure that reaches the limit locks the account (and says so) in the same write.
      [`${call} | 423 system_account_locked`, tables],
    ];
  }),
  // The operators' sign-in (issue 14): a wrong password or code counts toward the operator's
  // lock (operators) and is audited, as for members.
  ...(['operatorSignIn', 'verifyOperatorTotp', 'confirmOperatorTotpEnrolment'] as const).flatMap((call) => [
    [`${call} | 401 invalid_credentials`, ['audit_logs', 'operators']],
    [`${call} | 423 system_account_locked`, ['audit_logs', 'operators']],
  ]),
]);

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** Answers after which the session is surely still what the next probe needs. */
const HARMLESS_STATUSES = new Set([400, 403, 404, 413, 415]);

/**
 * Whether the member is still signed in, in good standing, with both confirmations: a write that
 * went through may have rotated the session (signIn), locked the member or used a confirmation.
 */
async function stillUsable(member: { browser: Browser; example: { userId: string } }): Promise<boolean> {
  const session = await member.browser.get('getSession');
  if ((session.body as { userId?: string }).userId !== member.example.userId) return false;
  if ((await member.browser.get('getUserInfo')).status !== 200) return false;
  const state = (await member.browser.post('getAuthState')).body as Record<string, unknown>;
  if (typeof state.passwordAuthExpireAt !== 'string' || typeof state.birthdayAuthExpireAt !== 'string') return false;
  // The operator beside the member (operator calls) is still signed in with both factors.
  return ((await member.browser.get('getOperatorSession')).body as { state?: string }).state === 'signedIn';
}

async function send(browser: Browser, probe: Probe): Promise<Answer> {
  // Operator calls carry the operator session's token, member calls the member's.
  const token = browser.tokenFor(probe.call);
  const headers = { ...probe.headers, ...(probe.csrf && token ? { 'x-csrf-token': token } : {}) };
  return browser.send({ method: probe.method, url: probe.url, body: probe.body, headers });
}

function problemsOf(probe: Probe, answer: Answer, changed: string[]): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (answer.status >= 400 && answer.status < 500 && changed.length > 0) {
    const code = (answer.body as { code?: string } | null)?.code;
    const allowed = COUNTED_REJECTIONS[`${probe.call} | ${answer.status} ${code}`] ?? [];
    if (changed.some((table) => !allowed.includes(table))) {
      problems.push(`answered ${answer.status} ${code} but changed ${changed.join(', ')}`);
    }
  }
  // Every refusal has the one error shape, in Japanese; bad input is invalid_parameters.
  if (answer.status >= 400 && answer.status < 500) {
    const body = answer.body as { code?: unknown; message?: unknown } | null;
    if (typeof body?.code !== 'string' || typeof body.message !== 'string' || !JAPANESE.test(body.message)) {
      problems.push(`answered ${answer.status} without { code, message } in Japanese: ${answer.text.slice(0, 120)}`);
    }
  }
  return problems;
}

/**
 * The suite for part `part` of SHARDS: its share of the calls, each probed as before, then checks
 * that it covered exactly its share, that the shares of all parts add up to the contract's calls
 * (each once), and that every part file exists, so no call is left out by the sharing.
 */
export function contractFuzz(part: number): void {
  const share = shareOf(part);
  const suite = `contract-fuzz part ${part}/${SHARDS}`;
  let ctx: TestContext;
  const findings: string[] = [];
  const covered = new Set<CallName>();
  let inputsTried = 0;
  let fiveHundreds = 0;
  let rowChanges = 0;
  let countedRejections = 0;
  let sessionsUsed = 0;

  beforeAll(async () => {
    ctx = await createTestContext(scheduledJobsOff(), {}, { fakes: LOCAL_FAKES });
    await installChangeCapture(ctx);
  });
  afterAll(async () => {
    report('contract-fuzz', {
      part: `${part}/${SHARDS}`,
      calls: `${covered.size}/${share.length}`,
      contractCalls: callNames.length,
      inputs: inputsTried,
      '5xx': fiveHundreds,
      rowsChanged: rowChanges,
      countedRejections,
      findings: findings.length,
      knownDefects: findings.filter(isKnown).length,
      newDefects: findings.filter((finding) => !isKnown(finding)).length,
      sessions: sessionsUsed,
    });
    // Every finding, for whoever fixes them, a file per part: SUITE_FINDINGS=/tmp/fuzz.json gives
    // /tmp/fuzz.part1.json, /tmp/fuzz.part2.json…
    if (process.env.SUITE_FINDINGS)
      writeFileSync(process.env.SUITE_FINDINGS.replace(/(\.json)?$/, `.part${part}$1`), JSON.stringify(findings, null, 2));
    await ctx?.close();
  });

  describe(`contract fuzz (${suite}): malformed input never answers 5xx and a rejected request changes nothing`, () => {
    it.each(share)(
      '%s',
      async (call) => {
        const own: string[] = [];
        let member = await signedInMember(ctx);
        sessionsUsed += 1;
        const example = exampleFor(call, member.example);
        if (!example) throw new Error(`${call} has no example in examples.ts`);
        let probes = probesFor(call, example);
        // From here on, changes count against the probes.
        await takeChangedTables(ctx);
        for (let index = 0; index < probes.length; index += 1) {
          const probe = probes[index]!;
          const answer = await send(member.browser, probe);
          inputsTried += 1;
          const changed = await takeChangedTables(ctx);
          if (answer.status >= 500) fiveHundreds += 1;
          const problems = problemsOf(probe, answer, changed);
          if (answer.status >= 400 && answer.status < 500 && changed.length > 0) {
            if (problems.some((problem) => problem.includes(' but changed '))) rowChanges += 1;
            else countedRejections += 1;
          }
          for (const problem of problems) own.push(`${call} | ${probe.label} | ${problem}`);
          // After anything but a plain refusal, the next probe gets a fresh member if this one is
          // no longer usable.
          if (probe.method === 'POST' && !HARMLESS_STATUSES.has(answer.status) && !(await stillUsable(member))) {
            member = await signedInMember(ctx);
            sessionsUsed += 1;
            probes = probesFor(call, exampleFor(call, member.example)!);
            // The new member's rows are not the next probe's doing.
            await takeChangedTables(ctx);
          }
        }
        covered.add(call);
        findings.push(...own);
        expect(own.filter((finding) => !isKnown(finding))).toEqual([]);
      },
      300_000,
    );

    it('every known defect is still seen (an entry that no longer happens is taken out)', () => {
      // The defects of the calls in this part; another part sees the others'.
      const seen = new Set(findings.map(isKnown));
      const ofThisPart = KNOWN_DEFECTS.filter((defect) => defect.calls === '*' || defect.calls.some((call) => share.includes(call)));
      expect(ofThisPart.filter((defect) => !seen.has(defect)).map((defect) => defect.why)).toEqual([]);
    });

    it('covered its whole share, and the shares of the part files add up to every call once', () => {
      expect([...covered].sort()).toEqual([...share].sort());
      const shares = Array.from({ length: SHARDS }, (_, index) => shareOf(index + 1));
      expect(shares.flat().sort()).toEqual([...callNames].sort());
      expect(shares.every((calls) => calls.length > 0)).toBe(true);
      const parts = readdirSync(__dirname).filter((file) => /^contract-fuzz\.part\d+\.test\.ts$/.test(file));
      expect(parts.sort()).toEqual(Array.from({ length: SHARDS }, (_, index) => `contract-fuzz.part${index + 1}.test.ts`).sort());
    });
  });
}
