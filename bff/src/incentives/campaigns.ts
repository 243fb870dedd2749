// Point campaigns: the open one, a single entry per member, and the partner link with a signed,
// expiring token that carries nothing personal.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { PointCampaign } from '@sukoyaka/contract';
import { CAMPAIGN_CLOSED_MESSAGE, CAMPAIGN_NOT_ENTERED_MESSAGE, IncentiveErrorCodes } from '@sukoyaka/contract';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { pointCampaignEntries, pointCampaigns, pointPrograms } from '../db/schema';
import { recordActivity, settleActivities } from '../platform/activity-events';
import { keyringFromEnv } from '../platform/crypto';
import { HttpError, notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';
import { japanDayOf } from './programs';

/** How long a partner link's token is accepted. */
export const PARTNER_TOKEN_TTL_MS = 10 * 60 * 1000;

let secret: Buffer | undefined;
/**
 * The key the partner shares: PARTNER_TOKEN_SECRET, or (outside production) one derived from the
 * data key, so development needs no configuration.
 */
function partnerSecret(): Buffer {
  if (secret) return secret;
  const configured = process.env.PARTNER_TOKEN_SECRET?.trim();
  secret = configured
    ? Buffer.from(configured, 'utf8')
    : createHash('sha256').update('partner-token|').update(keyringFromEnv().current.key).digest();
  return secret;
}

type CampaignRow = typeof pointCampaigns.$inferSelect;
const campaignNotFound = () => notFound('キャンペーンが見つかりませんでした。');

async function entered(db: Executor, campaignId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pointCampaignEntries.id })
    .from(pointCampaignEntries)
    .where(and(eq(pointCampaignEntries.campaignId, campaignId), eq(pointCampaignEntries.userId, userId)));
  return Boolean(row);
}

async function toCampaign(db: Executor, row: CampaignRow, userId: string): Promise<PointCampaign> {
  return {
    id: row.id,
    pointId: row.programId,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    entered: await entered(db, row.id, userId),
  };
}

/** A campaign of the member's association's programs, or 404. */
async function campaignOf(db: Executor, member: Member, campaignId: string): Promise<CampaignRow> {
  if (!member.associationId) throw campaignNotFound();
  const [row] = await db
    .select({ campaign: pointCampaigns })
    .from(pointCampaigns)
    .innerJoin(pointPrograms, eq(pointPrograms.id, pointCampaigns.programId))
    .where(and(eq(pointCampaigns.id, campaignId), eq(pointPrograms.associationId, member.associationId)));
  if (!row) throw campaignNotFound();
  return row.campaign;
}

export async function currentCampaign(db: Executor, member: Member, now: Date): Promise<PointCampaign | null> {
  if (!member.associationId) return null;
  const [row] = await db
    .select({ campaign: pointCampaigns })
    .from(pointCampaigns)
    .innerJoin(pointPrograms, eq(pointPrograms.id, pointCampaigns.programId))
    .where(and(eq(pointPrograms.associationId, member.associationId), lte(pointCampaigns.startsAt, now), gt(pointCampaigns.endsAt, now)))
    .orderBy(asc(pointCampaigns.endsAt), asc(pointCampaigns.id))
    .limit(1);
  return row ? toCampaign(db, row.campaign, member.id) : null;
}

/**
 * Enters the campaign once: a second entry answers the same and writes nothing. The entry is an
 * activity event (`campaign_entered`), so a menu of that kind rewards it like any other.
 */
export async function enterCampaign(db: Database, member: Member, campaignId: string, now: Date): Promise<PointCampaign> {
  const campaign = await campaignOf(db, member, campaignId);
  if (await entered(db, campaign.id, member.id)) return toCampaign(db, campaign, member.id);
  if (campaign.startsAt > now || campaign.endsAt <= now)
    throw new HttpError(409, IncentiveErrorCodes.campaignClosed, CAMPAIGN_CLOSED_MESSAGE);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(pointCampaignEntries)
      .values({ campaignId: campaign.id, userId: member.id, createdAt: now })
      .onConflictDoNothing({ target: [pointCampaignEntries.campaignId, pointCampaignEntries.userId] })
      .returning({ id: pointCampaignEntries.id });
    // The entry's event, and what it earns, with the entry (decision 0006).
    if (inserted.length > 0 && (await recordActivity(tx, member.id, 'campaign_entered', japanDayOf(now)))) {
      await settleActivities(tx, member.id, now);
    }
  });
  return toCampaign(db, campaign, member.id);
}

/** An opaque, stable reference of the member for this campaign: the partner learns nothing else. */
export function memberReference(userId: string, campaignId: string): string {
  return createHmac('sha256', partnerSecret()).update(`member-ref|${campaignId}|${userId}`).digest('base64url').slice(0, 22);
}

/** `<payload>.<HMAC-SHA256 of payload>`, payload = base64url JSON { c: campaign, r: reference, exp: seconds }. */
export function signPartnerToken(campaignId: string, reference: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ c: campaignId, r: reference, exp: Math.floor(expiresAt.getTime() / 1000) })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', partnerSecret()).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** What a partner does with the token: the campaign and reference, or null if forged or expired. */
export function verifyPartnerToken(token: string, now: Date): { campaignId: string; reference: string } | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = createHmac('sha256', partnerSecret()).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { c: string; r: string; exp: number };
  if (claims.exp * 1000 <= now.getTime()) return null;
  return { campaignId: claims.c, reference: claims.r };
}

export async function partnerRedirect(
  db: Executor,
  member: Member,
  campaignId: string,
  now: Date,
): Promise<{ url: string; expiresAt: string }> {
  const campaign = await campaignOf(db, member, campaignId);
  if (!(await entered(db, campaign.id, member.id)))
    throw new HttpError(409, IncentiveErrorCodes.campaignNotEntered, CAMPAIGN_NOT_ENTERED_MESSAGE);
  const expiresAt = new Date(now.getTime() + PARTNER_TOKEN_TTL_MS);
  const url = new URL(campaign.partnerUrl);
  url.searchParams.set('token', signPartnerToken(campaign.id, memberReference(member.id, campaign.id), expiresAt));
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}
