import { and, eq, like } from 'drizzle-orm';
import { announcements, associations, enquetes, notificationSettings, outboxMessages, users } from '../src/db/schema';
import { openMessage } from '../src/platform/outbox';
import { runContentNotifications } from '../src/content/notifications';
import { runExpiryNotices } from '../src/incentives/expiry-notices';
import { createProgram, grantPoints } from '../src/incentives/operator';
import { DEVELOPMENT_KEY } from '../src/platform/crypto';
import { unsubscribeToken, verifyUnsubscribeToken } from '../src/platform/notification-mail';
import { Agent, createMember, DAY, MINUTE, testContextForFile } from './helpers';

/*
 * The notification mails (issue 14): who gets a mail for an announcement, an enquete and
 * expiring points, exactly once however often (or on how many instances) the job runs, and the
 * unsubscribe link that turns the category off without signing in.
 */

const ctx = testContextForFile();
beforeAll(async () => {
  // The mails stay in the outbox to be read (a sent one keeps no content: issue 24 #4).
  await ctx.app.outbox.stop();
});

/** The notification mails enqueued for an address, opened (issue 24 #4: sealed at rest, so read through the outbox). */
async function mailsTo(email: string) {
  const rows = await ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), like(outboxMessages.kind, 'notification_%')));
  return rows.map((row) => {
    const { subject, text } = openMessage(row);
    return { ...row, subject, body: text };
  });
}

async function memberOf(associationId: string, fields: { verified?: boolean } = {}) {
  const member = await createMember(ctx.db);
  await ctx.db
    .update(users)
    .set({ associationId, ...(fields.verified === false ? { emailVerifiedAt: null } : {}) })
    .where(eq(users.id, member.id));
  return { ...member, associationId };
}

const tokenIn = (body: string) => {
  const match = /\/settings\/notifications\/unsubscribe\?token=(\S+)/.exec(body);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
};

async function publishAnnouncement(associationId: string | null, title: string, publishFrom: Date) {
  const [row] = await ctx.db
    .insert(announcements)
    .values({ associationId, title, category: 'info', body: '本文です。', publishFrom, publishedAt: publishFrom })
    .returning();
  return row!.id;
}

describe('announcements and enquetes', () => {
  it('mails each allowed member once per item: own association and site-wide, setting on, verified, signed up before', async () => {
    const [own] = await ctx.db.insert(associations).values({ name: '通知テスト健康保険組合' }).returning();
    const [other] = await ctx.db.insert(associations).values({ name: '別の健康保険組合' }).returning();
    const on = await memberOf(own!.id);
    const off = await memberOf(own!.id);
    await ctx.db.insert(notificationSettings).values({ userId: off.id, category: 'announcements', enabled: false });
    const unverified = await memberOf(own!.id, { verified: false });
    const elsewhere = await memberOf(other!.id);
    const late = await memberOf(own!.id);

    const published = new Date(Date.now() + MINUTE);
    // Signed up after the items were published: never mailed about them.
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(published.getTime() + MINUTE) })
      .where(eq(users.id, late.id));
    const ownNews = await publishAnnouncement(own!.id, '健診のご案内', published);
    const siteNews = await publishAnnouncement(null, 'すこやかからのお知らせ', published);
    const [enquete] = await ctx.db
      .insert(enquetes)
      .values({ associationId: own!.id, title: '健康意識アンケート', publishedAt: published })
      .returning();
    // Not yet inside its window: not mailed now.
    await publishAnnouncement(own!.id, '来月のお知らせ', new Date(Date.now() + 40 * DAY));

    const now = new Date(published.getTime() + 5 * MINUTE);
    // Two instances at once, then a later pass: each item still mailed once.
    await Promise.all([
      runContentNotifications(ctx.db, now, ctx.config.publicUrl),
      runContentNotifications(ctx.db, now, ctx.config.publicUrl),
    ]);
    const again = await runContentNotifications(ctx.db, new Date(now.getTime() + 15 * MINUTE), ctx.config.publicUrl);
    expect(again.sent).toBe(0);

    const toOn = await mailsTo(on.email);
    expect(toOn.map((mail) => mail.kind).sort()).toEqual([
      'notification_announcement',
      'notification_announcement',
      'notification_enquete',
    ]);
    expect(toOn.map((mail) => mail.body).join('\n')).toContain(`/announcements/${ownNews}`);
    expect(toOn.map((mail) => mail.body).join('\n')).toContain(`/announcements/${siteNews}`);
    expect(toOn.map((mail) => mail.body).join('\n')).toContain(`/enquetes/${enquete!.id}`);
    expect(toOn.every((mail) => mail.subject!.startsWith('【すこやか】'))).toBe(true);
    for (const mail of toOn) expect(tokenIn(mail.body)).toBe(unsubscribeToken(on.id, 'announcements'));

    const toElsewhere = await mailsTo(elsewhere.email);
    expect(toElsewhere.map((mail) => mail.body).join('\n')).toContain(`/announcements/${siteNews}`);
    expect(toElsewhere).toHaveLength(1);
    expect(await mailsTo(off.email)).toEqual([]);
    expect(await mailsTo(unverified.email)).toEqual([]);
    expect(await mailsTo(late.email)).toEqual([]);
  });
});

describe('expiring points', () => {
  it('one notice per lot expiring within 30 days, to members whose ポイント setting is on, once', async () => {
    const member = await createMember(ctx.db);
    const quiet = await memberOf(member.associationId);
    await ctx.db.insert(notificationSettings).values({ userId: quiet.id, category: 'points', enabled: false });
    const programId = await createProgram(ctx.db, { associationId: member.associationId, name: 'すこやかポイント', menus: [] });
    const now = new Date();
    const grant = (userId: string, amount: number, expiresAt: Date) =>
      grantPoints(ctx.db, {
        userId,
        programId,
        amount,
        reason: 'テスト付与',
        operator: 'test',
        idempotencyKey: `${userId}-${amount}`,
        now,
        expiresAt,
      });
    await grant(member.id, 120, new Date(now.getTime() + 10 * DAY));
    await grant(member.id, 80, new Date(now.getTime() + 60 * DAY));
    await grant(quiet.id, 50, new Date(now.getTime() + 10 * DAY));

    expect((await runExpiryNotices(ctx.db, now, ctx.config.publicUrl)).sent).toBe(1);
    expect((await runExpiryNotices(ctx.db, new Date(now.getTime() + DAY), ctx.config.publicUrl)).sent).toBe(0);

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('notification_points_expiry');
    expect(mails[0]!.body).toContain('120ポイント');
    expect(tokenIn(mails[0]!.body)).toBe(unsubscribeToken(member.id, 'points'));
    expect(await mailsTo(quiet.email)).toEqual([]);

    // The 60-day lot gets its own notice once it is within 30 days.
    await runExpiryNotices(ctx.db, new Date(now.getTime() + 35 * DAY), ctx.config.publicUrl);
    const later = await mailsTo(member.email);
    expect(later).toHaveLength(2);
    expect(later.map((mail) => mail.body).join('\n')).toContain('80ポイント');
  });
});

describe('unsubscribeNotification (the link of the mail, without signing in)', () => {
  it('turns that category off, idempotently, and no further mail of it follows', async () => {
    const member = await createMember(ctx.db);
    const token = unsubscribeToken(member.id, 'announcements');
    const visitor = new Agent(ctx.app);
    const first = await visitor.post('unsubscribeNotification', { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ category: 'announcements', label: 'お知らせ' });
    const second = await visitor.post('unsubscribeNotification', { token });
    expect(second.status).toBe(200);
    const rows = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.id));
    expect(rows.map((row) => [row.category, row.enabled])).toEqual([['announcements', false]]);

    const published = new Date(Date.now() + MINUTE);
    await publishAnnouncement(member.associationId, '配信停止後のお知らせ', published);
    await runContentNotifications(ctx.db, new Date(published.getTime() + MINUTE), ctx.config.publicUrl);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('refuses a tampered token and one re-addressed to another member (400 in Japanese); nothing changes', async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    const token = unsubscribeToken(member.id, 'points');
    const signature = token.split('.')[2]!;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherMember = `${other.id}.points.${signature}`;
    const otherCategory = `${member.id}.announcements.${signature}`;
    const visitor = new Agent(ctx.app);
    for (const bad of [tampered, otherMember, otherCategory, 'not-a-token']) {
      const response = await visitor.post('unsubscribeNotification', { token: bad });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('配信停止のリンクは無効です');
    }
    const empty = await visitor.post('unsubscribeNotification', { token: '' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('配信停止のリンクが正しくありません');
    const rows = await ctx.db.select().from(notificationSettings);
    expect(rows.filter((row) => row.userId === member.id || row.userId === other.id)).toEqual([]);
  });

  it('a link signed before a key rotation keeps working while the old key is listed as previous', () => {
    const userId = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
    const token = unsubscribeToken(userId, 'points');
    const saved = { current: process.env.DATA_ENCRYPTION_KEY, previous: process.env.DATA_ENCRYPTION_PREVIOUS_KEYS };
    try {
      process.env.DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
      process.env.DATA_ENCRYPTION_PREVIOUS_KEYS = DEVELOPMENT_KEY.key.toString('base64');
      expect(verifyUnsubscribeToken(token)).toEqual({ userId, category: 'points' });
      delete process.env.DATA_ENCRYPTION_PREVIOUS_KEYS;
      expect(verifyUnsubscribeToken(token)).toBeNull();
    } finally {
      for (const [name, value] of [
        ['DATA_ENCRYPTION_KEY', saved.current],
        ['DATA_ENCRYPTION_PREVIOUS_KEYS', saved.previous],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
