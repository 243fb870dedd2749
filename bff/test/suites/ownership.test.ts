import type { CallName } from '@sukoyaka/contract';
import { createTestContext, type TestContext, scheduledJobsOff } from '../helpers';
import { LOCAL_FAKES } from '../../src/services';
import { examples, exampleFor, ownershipExempt, type ExampleContext } from './examples';
import {
  BIRTHDAY,
  callNames,
  changedTables,
  definition,
  fingerprint,
  inputShape,
  literal,
  marker,
  query,
  report,
  signedInMember,
  type Answer,
  type Browser,
  type JsonSchema,
} from './support';

/*
 * Issue 8, ownership matrix, generated from the contract: member A creates data with every write
 * (the examples), A's reads give every id, cursor and value A has; then member B calls every call
 * with each of A's values in each id- or cursor-like parameter. No answer to B may carry anything
 * of A's, and A's data is the same afterwards.
 * Issue 14: beside each member an operator is signed in (support.ts), the editor of that member's
 * association only, and makes the operator calls: operator A's writes create association X's
 * content, and operator B (association Y) tries every value of A's, X's id included, in every
 * operator call. Nothing of X may reach B, and X's rows are the same afterwards.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

interface KeyParameter {
  name: string;
  /** A list of ids rather than one. */
  list: boolean;
  /** An id, cursor or token, or an e-mail address (which names a member as surely). */
  kind: 'key' | 'email';
}

/** Parameters that name a member's stored data: ids, lists of ids, cursors, tokens, addresses. */
function keyParameters(call: CallName): KeyParameter[] {
  const shape = inputShape(call);
  const isKey = (name: string, schema: JsonSchema) =>
    /(^ids?$|Ids?$|^cursor|Cursor|^token|Token)/.test(name) || /\[0-9a-f\]\{8\}/.test(schema.pattern ?? '');
  return Object.entries(shape.properties ?? {}).flatMap(([name, schema]): KeyParameter[] => {
    if (schema.type === 'array' && schema.items && isKey(name, schema.items)) return [{ name, list: true, kind: 'key' }];
    if (/(^email|Email)$/.test(name)) return [{ name, list: false, kind: 'email' }];
    return isKey(name, schema) ? [{ name, list: false, kind: 'key' }] : [];
  });
}

const matrixCalls = callNames.filter((call) => !(call in ownershipExempt));

describe('the registry of example inputs (examples.ts)', () => {
  const someone: ExampleContext = {
    userId: '0b7c1a52-3c55-4b8e-9b7e-1f0c2d3e4a5b',
    email: 'someone@example.jp',
    password: 'correct-horse-battery',
    birthday: BIRTHDAY,
    associationId: '1c8d2b63-4d66-4c9f-8c8f-2a1d3e4f5b6c',
    termsId: '2d9e3c74-5e77-4da0-9da0-3b2e4f506c7d',
    privacyId: '3eaf4d85-6f88-4eb1-8eb1-4c3f50617d8e',
    marker: 'm0123abcd',
    operatorId: '4fb05e96-7a99-4fc2-9fc2-5d4061728e9f',
    operatorEmail: 'operator@example.jp',
    operatorPassword: 'operator-horse-battery',
  };

  it.each(callNames)('%s has an example input that its schema accepts', (call) => {
    const example = exampleFor(call, someone);
    expect(example).toBeDefined();
    const parsed = definition(call).input.safeParse(example);
    expect(parsed.success ? 'valid' : parsed.error.issues).toBe('valid');
  });

  it('names no call that the contract does not have, and gives every exemption a reason', () => {
    expect(Object.keys(examples).filter((name) => !callNames.includes(name as CallName))).toEqual([]);
    expect(Object.keys(ownershipExempt).filter((name) => !callNames.includes(name as CallName))).toEqual([]);
    expect(Object.entries(ownershipExempt).filter(([, reason]) => !reason || reason.length < 10)).toEqual([]);
  });
});

let ctx: TestContext;
let a: { browser: Browser; example: ExampleContext };
let b: { browser: Browser; example: ExampleContext };
/** Every id, cursor and value A's answers carry: what B tries. */
const valuesOfA = new Set<string>();
/** What must never reach B: A's ids, cursors, address and marked texts. */
const secretsOfA = new Set<string>();
/** A's addresses: the one A signs in with and the one A is changing to. */
const addressesOfA = new Set<string>();
/** Addresses B typed: seeing them again (B's own pending change, say) tells B nothing new. */
const typedByB = new Set<string>();
let snapshotOfA: { rows: Record<string, string>; reads: string };
const leaks: string[] = [];
const fiveHundreds: string[] = [];
let inputsTried = 0;

/** A's rows in every table: the member's own row, rows with their user_id, their association's. */
async function rowsOf(member: ExampleContext): Promise<Record<string, string>> {
  const columns = await query<{ table_name: string; column_name: string }>(
    ctx,
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('user_id', 'association_id')",
  );
  const user = literal(member.userId);
  const association = literal(member.associationId);
  return fingerprint(ctx, (table) => {
    if (table === 'users') return `id = ${user}`;
    if (table === 'associations') return `id = ${association}`;
    const own = columns.filter((column) => column.table_name === table);
    if (own.some((column) => column.column_name === 'user_id')) return `user_id = ${user}`;
    if (own.some((column) => column.column_name === 'association_id')) return `association_id = ${association}`;
    return null;
  });
}

/**
 * Reads whose answers change by themselves: ping's time, a City OS link signed afresh with a new
 * nonce and expiry, and the gift orders' CSV export, a read that is audited: each call adds an
 * entry to the association's audit log at the test clock's one instant, so the log's first page
 * (ordered by time, then id) changed by chance. A's gift orders are compared as rows.
 */
const VOLATILE_READS: ReadonlySet<string> = new Set(['ping', 'getCityOSOptInURL', 'exportOperatorGiftOrders']);

/** What A's reads answer (the volatile ones left out). */
async function readsOf(member: { browser: Browser; example: ExampleContext }): Promise<string> {
  const answers: Record<string, unknown> = {};
  for (const call of matrixCalls) {
    if (definition(call).method !== 'GET' || VOLATILE_READS.has(call)) continue;
    answers[call] = (await member.browser.get(call, exampleFor(call, member.example))).body;
  }
  answers.getAuthState = (await member.browser.post('getAuthState')).body;
  return JSON.stringify(answers);
}

function collect(answer: Answer): void {
  for (const id of answer.text.match(UUID) ?? []) valuesOfA.add(id.toLowerCase());
  const cursor = (answer.body as { nextCursor?: unknown } | null)?.nextCursor;
  if (typeof cursor === 'string') valuesOfA.add(cursor);
}

beforeAll(async () => {
  ctx = await createTestContext(scheduledJobsOff(), {}, { fakes: LOCAL_FAKES });
  a = await signedInMember(ctx, marker('a'));
  // A creates data with every write of the matrix (three readings, so the list pages).
  for (const call of matrixCalls) {
    // The operator sign-in steps would end or restart A's operator session, not create data.
    if (definition(call).method !== 'POST' || definition(call).access === 'visitor' || definition(call).access === 'operatorSignIn')
      continue;
    for (let time = 0; time < (call === 'saveBloodPressure' ? 3 : 1); time += 1) {
      collect(await a.browser.post(call, exampleFor(call, a.example)));
    }
  }
  // Then reads every read, and every page of every list.
  for (const call of matrixCalls) {
    if (definition(call).method !== 'GET') continue;
    let answer = await a.browser.get(call, exampleFor(call, a.example));
    collect(answer);
    for (let page = 0; page < 10 && typeof (answer.body as { nextCursor?: unknown }).nextCursor === 'string'; page += 1) {
      answer = await a.browser.get(call, { ...exampleFor(call, a.example), cursor: (answer.body as { nextCursor: string }).nextCursor });
      collect(answer);
    }
  }
  collect(await a.browser.post('getAuthState'));
  for (const value of [a.example.userId, a.example.associationId, a.example.termsId, a.example.privacyId]) valuesOfA.add(value);
  for (const value of valuesOfA) secretsOfA.add(value);
  for (const value of [a.example.email, a.example.marker]) secretsOfA.add(value);
  // A's operator (editor of A's association only): B's operator must learn nothing of them either.
  for (const value of [a.example.operatorId, a.example.operatorEmail]) secretsOfA.add(value);
  addressesOfA.add(a.example.email);
  const pending = (await a.browser.get('getUserEmail')).body as { pendingEmail?: string | null };
  if (pending.pendingEmail) addressesOfA.add(pending.pendingEmail);
  snapshotOfA = { rows: await rowsOf(a.example), reads: await readsOf(a) };

  b = await signedInMember(ctx, marker('b'));
  for (const call of ['saveBloodPressure', 'updateProfile', 'agreeAssociationAgreements'] as const) {
    await b.browser.post(call, exampleFor(call, b.example));
  }
  // A value both have (none expected) would make every answer look like a leak.
  const ofB = new Set(((await readsOf(b)).match(UUID) ?? []).map((id) => id.toLowerCase()));
  for (const value of ofB) secretsOfA.delete(value);
}, 120_000);

afterAll(async () => {
  report('ownership', {
    calls: `${matrixCalls.length}/${callNames.length}`,
    exempt: callNames.length - matrixCalls.length,
    valuesOfA: valuesOfA.size,
    inputs: inputsTried,
    '5xx': fiveHundreds.length,
    leaks: leaks.length,
  });
  await ctx?.close();
});

describe('ownership matrix: B with every value of A gets nothing of A', () => {
  it('A has data to be found: ids, a cursor, marked texts', () => {
    expect(valuesOfA.size).toBeGreaterThanOrEqual(6);
    expect([...valuesOfA].some((value) => !/^[0-9a-f-]{36}$/i.test(value))).toBe(true);
    expect(snapshotOfA.reads).toContain(a.example.marker);
  });

  it("the leak check sees A's values when they are there: in A's own answers", async () => {
    const own = await a.browser.get('listBloodPressures', { limit: 100 });
    expect([...secretsOfA].filter((secret) => own.text.toLowerCase().includes(secret.toLowerCase())).length).toBeGreaterThanOrEqual(3);
  });

  it.each(matrixCalls)(
    '%s',
    async (call) => {
      const parameters = keyParameters(call);
      const base = exampleFor(call, b.example)!;
      const inputs: Array<{ input: Record<string, unknown>; typed?: string }> =
        parameters.length === 0
          ? [{ input: base }]
          : parameters.flatMap(({ name, list, kind }) =>
              kind === 'email'
                ? [...addressesOfA].map((address) => ({ input: { ...base, [name]: address }, typed: address }))
                : [...valuesOfA].map((value) => ({ input: { ...base, [name]: list ? [value] : value } })),
            );
      const own: string[] = [];
      for (const { input, typed } of inputs) {
        if (typed) typedByB.add(typed.toLowerCase());
        const answer = await b.browser.call(call, input);
        inputsTried += 1;
        const sent = JSON.stringify(input);
        if (answer.status >= 500) own.push(`${call} ${sent}: answered ${answer.status}`);
        let text = answer.text.toLowerCase();
        for (const address of typedByB) text = text.split(address).join('');
        const found = [...secretsOfA].filter((secret) => text.includes(secret.toLowerCase()));
        if (found.length > 0) own.push(`${call} ${sent}: answered ${answer.status} with A's ${found.join(', ')}`);
      }
      fiveHundreds.push(...own.filter((line) => / answered 5\d\d$/.test(line)));
      leaks.push(...own.filter((line) => line.includes(" with A's ")));
      expect(own).toEqual([]);
    },
    120_000,
  );

  it("A's data is the same afterwards: A's rows and every read of A", async () => {
    const rows = await rowsOf(a.example);
    expect(changedTables(snapshotOfA.rows, rows)).toEqual([]);
    expect(await readsOf(a)).toEqual(snapshotOfA.reads);
  });
});
