import type { CallName } from '@sukoyaka/contract';
import { createTestContext, type Agent, type TestContext } from '../helpers';
import { importedMember, SECRET } from '../myna-helpers';
import { outline, planOf, statementsOf, watchStatements, type Statement } from '../query-plans';
import { examples } from './examples';
import { callNames, inputShape, literal, query, report, signedInMember, type Browser } from './support';
import type { ExampleContext } from './examples';

/*
 * Issue 28, "every list on one index range", generated from the contract: every call whose input
 * has a `cursor` is a list. Each is called as a member (or that member's operator) with its
 * example input and again with only the inputs it requires; every page query it sends (a select
 * with ORDER BY and LIMIT) is explained with its parameters, with sequential and bitmap scans
 * disabled so that only an index can give rows in order. The plan must hold no Sort (a sort of
 * everything the member or association has) and must read an index bounded by the member's or
 * the association's id. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

jest.setTimeout(180_000);

/**
 * The My Number lists read nothing before the member has imported from the portal (no data key)
 * and answered the secret question: they are called as a member who has, through the fake portal.
 */
const MYNA_LISTS = new Set<CallName>(['listMynaMedicalExams', 'listMynaMedicines', 'listMynaMedicalBills']);

/**
 * Lists that read a bounded group whole, by design, and page it in memory: their ordered query
 * has no LIMIT, and must still read one index range of the member (a sort of that group is fine).
 */
const WHOLE_GROUP: Partial<Record<CallName, string>> = {
  listMynaMedicalBills: "one year's bills (a few dozen): the year's and months' totals need all of them",
};

/**
 * Lists whose site-wide part (content of the service, `association_id is null`) is its own ordered
 * range of a partial index: that range belongs to no member or association, and is bounded by the
 * service's own content (decision 0030). The association's part must still be bounded.
 */
const SITE_WIDE_RANGE: Partial<Record<CallName, string>> = {
  listArticles: 'articles_site_wide_publish_idx',
};

const isOrdered = (text: string) => /^\s*select\b/i.test(text) && /\border by\b/i.test(text);
const isPageQuery = (text: string) => isOrdered(text) && /\blimit\b/i.test(text);

const listCalls = callNames.filter((name) => inputShape(name).properties?.cursor !== undefined);

/** Only what the call requires (the first page of the whole history), beside the example itself. */
function inputsOf(name: CallName, member: ExampleContext): Array<Record<string, unknown>> {
  const example = { ...(examples[name]!(member) as Record<string, unknown>), ...OWN[name] };
  const required = new Set(inputShape(name).required ?? []);
  const bare = Object.fromEntries(Object.entries(example).filter(([key]) => required.has(key) || key === 'limit'));
  return JSON.stringify(bare) === JSON.stringify(example) ? [example] : [example, bare];
}

/** Ids the examples leave unknown (they answer 404 there), replaced by the member's own. */
const OWN: Partial<Record<CallName, Record<string, unknown>>> = {};

let ctx: TestContext;
let browser: Browser;
let member: ExampleContext;
let mynaAgent: Agent;
let mynaMemberId: string;

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['mynaPortal'] });
  watchStatements(ctx.db);
  const imported = await importedMember(ctx);
  mynaAgent = imported.agent;
  mynaMemberId = imported.member.id;
  expect((await mynaAgent.post('authenticateUserMynaSecretQuestion', { answer: SECRET.answer })).status).toBe(200);
  ({ browser, example: member } = await signedInMember(ctx));
  const [program] = await query<{ id: string }>(
    ctx,
    `insert into point_programs (association_id, name) values (${literal(member.associationId)}, 'けんこうポイント') returning id`,
  );
  OWN.listPointTransactions = { pointId: program!.id };
});

afterAll(async () => {
  await ctx?.close();
});

test('the contract has list calls, each with an example', () => {
  expect(listCalls.length).toBeGreaterThan(10);
  for (const name of listCalls) expect(examples[name]).toBeDefined();
});

const checked: string[] = [];

test.each(listCalls)('%s reads its page from one index range of the member or association', async (name) => {
  const pageQueries: Statement[] = [];
  for (const input of inputsOf(name, member)) {
    let answer!: { status: number };
    const sent = await statementsOf(ctx.db, async () => {
      answer = MYNA_LISTS.has(name)
        ? await mynaAgent.get(name, Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])))
        : await browser.call(name, input);
    });
    expect({ input, status: answer.status }).toEqual({ input, status: 200 });
    pageQueries.push(
      ...sent.filter((query) => (WHOLE_GROUP[name] ? isOrdered(query.text) && /"user_id" = /.test(query.text) : isPageQuery(query.text))),
    );
  }
  expect(pageQueries.length).toBeGreaterThan(0);
  for (const query of pageQueries) {
    const plan = await planOf(ctx.db, query, { noBitmapScans: true });
    const sorts = plan.filter((node) => /Sort/.test(node['Node Type']));
    if (sorts.length > 0 && !WHOLE_GROUP[name]) throw new Error(`${name} sorts its page:\n${query.text}\n${outline(plan).join('\n')}`);
    const bounded = plan.filter(
      (node) =>
        /Index/.test(node['Node Type']) &&
        (node['Index Cond'] ?? '').length > 0 &&
        [member.userId, member.associationId, mynaMemberId].some((id) => node['Index Cond']!.includes(id)),
    );
    const siteWide =
      SITE_WIDE_RANGE[name] !== undefined &&
      /"association_id" is null/.test(query.text) &&
      plan.some((node) => /Index/.test(node['Node Type']) && node['Index Name'] === SITE_WIDE_RANGE[name]);
    if (bounded.length === 0 && !siteWide)
      throw new Error(`${name} reads no index range of the member or association:\n${query.text}\n${outline(plan).join('\n')}`);
    checked.push(name);
  }
});

afterAll(() => report('list-plans', { lists: listCalls.length, pageQueries: checked.length }));
