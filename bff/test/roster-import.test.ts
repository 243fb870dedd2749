import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { decodeRosterFile, importRoster, parseRosterCsv, RosterImportError } from '../src/account/roster-import';
import { associations, rosterEntries, users } from '../src/db/schema';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

/*
 * Issue "accounts and access": a CLI imports an association's roster from CSV
 * (npm run roster:import -- --association <insurerNumber> <file.csv>). Its core, over a real
 * database: every row checked, nothing imported while any row is wrong, one transaction.
 */

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));

let ctx: TestContext;
let associationId: string;
const INSURER = '06137777';

beforeAll(async () => {
  ctx = await createTestContext();
  const [association] = await ctx.db.insert(associations).values({ name: 'ななほし健康保険組合', insurerNumber: INSURER }).returning();
  associationId = association!.id;
});
afterAll(async () => {
  await ctx.close();
});

async function roster() {
  return ctx.db
    .select({ memberSymbol: rosterEntries.memberSymbol, memberNumber: rosterEntries.memberNumber, birthday: rosterEntries.birthday })
    .from(rosterEntries)
    .where(eq(rosterEntries.associationId, associationId));
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof RosterImportError) return error.problems;
    throw error;
  }
  throw new Error('expected a RosterImportError');
}

describe('roster import', () => {
  it('imports a UTF-8 file with a BOM, CRLF line ends and full-width digits, normalised as members type them', async () => {
    const result = await importRoster(ctx.db, { insurerNumber: INSURER, csv: decodeRosterFile(fixture('roster-valid.csv')) });

    expect(result).toEqual({ associationName: 'ななほし健康保険組合', rows: 3, inserted: 3, unchanged: 0 });
    expect((await roster()).sort((a, b) => a.memberNumber.localeCompare(b.memberNumber))).toEqual([
      { memberSymbol: '2001', memberNumber: '1', birthday: '1970-05-05' },
      { memberSymbol: '2001', memberNumber: '2', birthday: '1972-11-30' },
      { memberSymbol: '2001', memberNumber: '3', birthday: '1999-02-28' },
    ]);
  });

  it('importing the same file again adds nothing and keeps who linked to an entry', async () => {
    const member = await createMember(ctx.db);
    await ctx.db.update(users).set({ associationId: null, associationVerifiedAt: null }).where(eq(users.id, member.id));
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    expect(
      (await agent.post('verifyOrganization', { insurerNumber: INSURER, memberSymbol: '2001', memberNumber: '1', birthday: '1970-05-05' }))
        .status,
    ).toBe(200);

    const again = await importRoster(ctx.db, { insurerNumber: INSURER, csv: decodeRosterFile(fixture('roster-valid.csv')) });

    expect(again).toMatchObject({ rows: 3, inserted: 0, unchanged: 3 });
    expect(await roster()).toHaveLength(3);
    const [linked] = await ctx.db
      .select()
      .from(rosterEntries)
      .where(and(eq(rosterEntries.associationId, associationId), eq(rosterEntries.memberNumber, '1')));
    expect(linked!.linkedUserId).toBe(member.id);
  });

  it('reports every bad row by its line number and imports nothing, not even the good rows', async () => {
    const before = await roster();
    const csv = decodeRosterFile(fixture('roster-invalid.csv'));

    const problems = problemsOf(() => parseRosterCsv(csv));
    expect(problems).toEqual([
      '3行目: 記号を入力してください',
      '4行目: 生年月日の形式が正しくありません',
      '5行目: 2行目と同じ加入者です。',
      '6行目: 列の数が2です（3列にしてください）。',
    ]);
    await expect(importRoster(ctx.db, { insurerNumber: INSURER, csv })).rejects.toThrow(RosterImportError);
    expect(await roster()).toEqual(before);
  });

  it('refuses a file without the header, an empty file, and one with only the header', () => {
    expect(problemsOf(() => parseRosterCsv('2001,1,1970-05-05\n'))[0]).toMatch(
      /^1行目: 見出し行は member_symbol,member_number,birthday にしてください/,
    );
    expect(problemsOf(() => parseRosterCsv(''))[0]).toMatch(/ファイルが空です/);
    expect(problemsOf(() => parseRosterCsv('member_symbol,member_number,birthday\n'))).toEqual(['データ行がありません。']);
  });

  it('accepts the columns in any order and quoted fields', () => {
    expect(parseRosterCsv('birthday,member_number,member_symbol\n"1980-01-01","0012","A-1"\n')).toEqual([
      { line: 2, memberSymbol: 'A-1', memberNumber: '0012', birthday: '1980-01-01' },
    ]);
  });

  it('refuses a file that is not UTF-8 (Shift_JIS) instead of importing garbled entries', () => {
    // 「記号」 in Shift_JIS.
    const shiftJis = Uint8Array.from([0x8b, 0x4c, 0x8d, 0x86]);
    expect(problemsOf(() => decodeRosterFile(shiftJis))[0]).toMatch(/UTF-8ではありません/);
  });

  it('refuses an unknown or malformed insurer number and imports nothing', async () => {
    const csv = decodeRosterFile(fixture('roster-valid.csv'));
    await expect(importRoster(ctx.db, { insurerNumber: '01234567', csv })).rejects.toMatchObject({
      problems: ['保険者番号 01234567 の健康保険組合が登録されていません。'],
    });
    await expect(importRoster(ctx.db, { insurerNumber: '123', csv })).rejects.toMatchObject({
      problems: ['保険者番号は8桁の数字で入力してください'],
    });
    expect(await ctx.db.select().from(rosterEntries)).toHaveLength(3);
  });
});
