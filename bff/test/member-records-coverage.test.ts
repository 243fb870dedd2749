import { memberDataExportUrl } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { mynaAgreements, pointAgreements, pointCampaignEntries, prizeCompetitionEntries, prizeCompetitions } from '../src/db/schema';
import { addGift } from '../src/incentives/gifts';
import { addCampaign, createProgram, grantPoints } from '../src/incentives/operator';
import { DAY, createMember, signInAgent, testContextForFile, type Agent } from './helpers';

/*
 * The guard of issue 24 #15 for the next area: every column that names a member (`user_id`, or a
 * foreign key to users) is listed here with where the member's download holds it, or why it does
 * not. A new table of member rows fails this file until its area says what the download and the
 * leaving do with it (platform/member-records.ts: a keeper's collect and erase); the leaving test
 * (leave-and-export.test.ts) then checks that nothing of a leaver stays in it but what is kept.
 */

type Coverage =
  /** In the download under these kinds (a JSON member, `<kind>.csv` in the ZIP). */
  | { downloaded: string[] }
  /** Not in the download, and why. */
  | { not: string };

const COVERAGE: Record<string, Coverage> = {
  // The account's own (account/member-data-export.ts, account/leave.ts).
  'consents.user_id': { downloaded: ['consents'] },
  'notification_settings.user_id': { downloaded: ['notification_settings'] },
  'notification_deliveries.user_id': { not: 'which mails were sent once (delivery keys); the mails are the member’s already' },
  'known_devices.user_id': { not: 'sign-in security: the browsers a new-device alert knows; deleted on leaving' },
  'one_time_tokens.user_id': { not: 'credentials (hashed links in flight), not records' },
  'sms_codes.user_id': { not: 'credentials (hashed codes in flight), not records' },
  'sessions.user_id': { not: 'sign-in sessions, not the member’s records; all end on leaving' },
  'sessions.pending_mfa_user_id': { not: 'a sign-in halfway through its second step; ends with the sessions' },
  'roster_entries.linked_user_id': { not: 'the association’s roster; the link is released on leaving' },
  'audit_logs.user_id': { not: 'the service’s security record, kept anonymous (decision 0001)' },
  'activity_events.user_id': { not: 'the earning rules’ queue; what the activities paid is point_history' },
  // Health (health/member-records.ts).
  'blood_pressures.user_id': { downloaded: ['blood_pressures'] },
  'blood_sugars.user_id': { downloaded: ['blood_sugars'] },
  'weights.user_id': { downloaded: ['weights'] },
  'body_temperatures.user_id': { downloaded: ['body_temperatures'] },
  'sleeps.user_id': { downloaded: ['sleeps'] },
  'steps.user_id': { downloaded: ['steps'] },
  'vital_goals.user_id': { downloaded: ['goals'] },
  'health_forecast_snapshots.user_id': { downloaded: ['forecast_snapshots'] },
  'health_activity_days.user_id': { not: 'counts of the readings above per day, for the operators’ figures; follow the readings' },
  'fitbit_connections.user_id': { not: 'the Fitbit grant (tokens), revoked on leaving' },
  'fitbit_authorizations.user_id': { not: 'a Fitbit authorisation in flight (state, verifier)' },
  // Incentives (incentives/member-records.ts, challenges.ts, walking-member-records.ts).
  'ledger_accounts.user_id': { downloaded: ['point_balances'] },
  'ledger_transfers.user_id': { downloaded: ['point_history'] },
  'user_gifts.user_id': { downloaded: ['gifts'] },
  'delivery_addresses.user_id': { downloaded: ['delivery_address'] },
  'earning_marks.user_id': { not: 'which activity paid under which menu, once; the points are point_history' },
  'point_agreements.user_id': { downloaded: ['point_agreements'] },
  'point_campaign_entries.user_id': { downloaded: ['point_campaign_entries'] },
  'gift_challenge_draws.user_id': { downloaded: ['gift_challenge_draws'] },
  'prize_competition_entries.user_id': { downloaded: ['prize_competition_entries'] },
  'challenge_entries.user_id': { downloaded: ['challenges'] },
  'walking_participants.user_id': { downloaded: ['walking_events', 'walking_days'] },
  // Content (content/member-records.ts).
  'enquete_responses.user_id': { downloaded: ['enquete_answers'] },
  'inquiries.user_id': { downloaded: ['inquiries'] },
  'announcement_reads.user_id': { not: 'read marks of announcements, the pages’ state; deleted on leaving' },
  'article_saves.user_id': { downloaded: ['article_saves'] },
  'article_quiz_answers.user_id': { downloaded: ['article_quiz_answers'] },
  'city_os_opt_ins.user_id': { not: 'a City OS opt-in link in flight, bound to a session; goes with it' },
  // My Number (myna/member-records.ts): the records in `myna` (myna_records.csv), with the step-up only.
  'myna_medical_exams.user_id': { downloaded: ['myna'] },
  'myna_dispensings.user_id': { downloaded: ['myna'] },
  'myna_medical_bills.user_id': { downloaded: ['myna'] },
  'myna_medical_receipts.user_id': { downloaded: ['myna'] },
  'myna_agreements.user_id': { downloaded: ['myna_agreements'] },
  'myna_links.user_id': { not: 'the link to the My Number Portal (a grant), removed on leaving' },
  'myna_authorizations.user_id': { not: 'a My Number Portal authorisation in flight' },
  'myna_data_keys.user_id': { not: 'the member’s wrapped data key, destroyed on leaving' },
  'myna_secret_questions.user_id': { not: 'a credential (the answer’s hash)' },
  'myna_import_jobs.user_id': { not: 'the import queue’s state; what it imported is in `myna`' },
};

const ctx = testContextForFile();

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function download(agent: Agent) {
  return ctx.app.inject({
    method: 'GET',
    url: memberDataExportUrl('json', false),
    headers: { cookie: `sukoyaka_session=${agent.cookie('sukoyaka_session')}` },
  });
}

describe('every member column is in the download, or says why not', () => {
  it('lists exactly the columns of the schema that name a member', async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'user_id'
      union
      select kcu.table_name, kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.constraint_schema = tc.constraint_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name = 'users'`);
    const found = columns.map((row) => `${row.table_name}.${row.column_name}`).sort();
    expect(found.length).toBeGreaterThan(40);
    // A column missing here: say in COVERAGE where the download holds it (and make the area's
    // keeper collect and erase it), or why not. A column listed and gone: take it out.
    expect({ unlisted: found.filter((column) => !(column in COVERAGE)) }).toEqual({ unlisted: [] });
    expect({ gone: Object.keys(COVERAGE).filter((column) => !found.includes(column)) }).toEqual({ gone: [] });
  });

  it('each kind it names is in the download', async () => {
    const member = await createMember(ctx.db);
    const response = await download(await signInAgent(ctx, member));
    expect(response.statusCode).toBe(200);
    const members = Object.keys(response.json());
    const named = Object.values(COVERAGE).flatMap((coverage) => ('downloaded' in coverage ? coverage.downloaded : []));
    expect({ missing: named.filter((kind) => !members.includes(kind)) }).toEqual({ missing: [] });
  });
});

describe('the kinds the guard found missing', () => {
  it('point-program consents, campaign entries, gift-challenge draws, competition entries and the My Number consents: the member’s only', async () => {
    const now = ctx.clock.now();
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    const agent = await signInAgent(ctx, member);
    const program = async (associationId: string, name: string) => createProgram(ctx.db, { associationId, name, menus: [] });
    const mine = await program(member.associationId, 'わたしのポイント');
    const theirs = await program(other.associationId, 'ほかのポイント');
    await ctx.db.insert(pointAgreements).values([
      { userId: member.id, programId: mine, version: 2, agreedAt: now },
      { userId: other.id, programId: theirs, version: 1, agreedAt: now },
    ]);
    const campaign = (programId: string, title: string) =>
      addCampaign(ctx.db, {
        programId,
        title,
        startsAt: new Date(now.getTime() - DAY),
        endsAt: new Date(now.getTime() + DAY),
        partnerUrl: 'https://partner.example.jp/entry',
      });
    await ctx.db.insert(pointCampaignEntries).values([
      { campaignId: await campaign(mine, '春の歩こうキャンペーン'), userId: member.id, createdAt: now },
      { campaignId: await campaign(theirs, 'ほかのキャンペーン'), userId: other.id, createdAt: now },
    ]);
    const competition = async (associationId: string, title: string) => {
      const [row] = await ctx.db
        .insert(prizeCompetitions)
        .values({
          associationId,
          title,
          startsAt: new Date(now.getTime() - 10 * DAY),
          endsAt: new Date(now.getTime() - DAY),
          entryKind: 'steps',
          stepsRequired: 1000,
          prizes: '[{"name":"タオル","winners":1}]',
          secret: 'aa',
          secretHash: 'bb',
        })
        .returning();
      return row!.id;
    };
    await ctx.db.insert(prizeCompetitionEntries).values([
      {
        competitionId: await competition(member.associationId, '秋の懸賞'),
        userId: member.id,
        enteredAt: now,
        result: 'won',
        prize: 'タオル',
      },
      { competitionId: await competition(other.associationId, 'ほかの懸賞'), userId: other.id, enteredAt: now },
    ]);
    await ctx.db.insert(mynaAgreements).values([
      { userId: member.id, action: 'agreed', version: 3, at: now },
      { userId: other.id, action: 'agreed', version: 9, at: now },
    ]);
    // A draw through the call itself: its cost, the roll and what it won.
    await addGift(ctx.db, { programId: null, name: 'コーヒーチケット', cost: 1, kind: 'delivery', stock: null, challengePrize: true });
    await grantPoints(ctx.db, {
      userId: member.id,
      programId: null,
      amount: 100,
      reason: 'テスト付与',
      operator: 'test',
      idempotencyKey: `draw-${member.id}`,
      now,
    });
    const drawn = await agent.post('giftChallenge', {});
    expect(drawn.status).toBe(200);

    const data = (await download(agent)).json();
    expect(data.point_agreements).toEqual([{ program: 'わたしのポイント', version: 2, agreedAt: now.toISOString() }]);
    expect(data.point_campaign_entries).toEqual([{ campaign: '春の歩こうキャンペーン', enteredAt: now.toISOString() }]);
    expect(data.prize_competition_entries).toEqual([
      { competition: '秋の懸賞', enteredAt: now.toISOString(), result: '当選', prize: 'タオル' },
    ]);
    expect(data.gift_challenge_draws).toEqual([
      drawn.body.won
        ? { drawnAt: expect.any(String), result: '当たり', gift: 'コーヒーチケット' }
        : { drawnAt: expect.any(String), result: 'はずれ', gift: null },
    ]);
    expect(data.myna_agreements).toEqual([{ at: now.toISOString(), action: '同意', version: 3 }]);
    expect(JSON.stringify(data)).not.toMatch(/ほかの/);
  });
});
