import type { Actor } from '../platform/actor';
import {
  notificationCategories,
  type NotificationCategory,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@sukoyaka/contract';
import { eq, sql } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Database, Executor } from '../db/client';
import { notificationSettings, users } from '../db/schema';
import { verifyUnsubscribeToken } from '../platform/notification-mail';
import { invalidToken } from './one-time-tokens';
import { audit } from '../platform/audit';
import { setHeight, setNickname } from './users';

const categories = notificationCategories.map((category) => category.key);

/** Every category is on until the member turns it off (no row yet means on). */
export async function getNotificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const stored = new Map(rows.map((row) => [row.category, row.enabled]));
  return Object.fromEntries(categories.map((key) => [key, stored.get(key) ?? true])) as Record<NotificationCategory, boolean>;
}

export async function updateNotificationSettings(
  db: Database,
  actor: Actor,
  member: Member,
  settings: NotificationSettingsInput,
  now: Date,
): Promise<NotificationSettings> {
  // A category the client left out (one its release did not know) keeps its value.
  const given = categories.flatMap((category) => {
    const enabled = settings[category];
    return enabled === undefined ? [] : [{ userId: member.id, category, enabled, updatedAt: now }];
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationSettings)
      .values(given)
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.category],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
      });
    await audit(tx, actor, 'notification_settings_updated', member.id, { settings }, now);
  });
  return getNotificationSettings(db, member.id);
}

export async function updateProfile(
  db: Database,
  actor: Actor,
  member: Member,
  nickname: string,
  now: Date,
  height?: number | null,
): Promise<{ nickname: string }> {
  await db.transaction(async (tx) => {
    await setNickname(tx, member.id, nickname);
    // Left out, the height stays as it is; null clears it.
    if (height !== undefined) await setHeight(tx, member.id, height);
    // The values themselves stay out of the log; which fields changed is enough.
    await audit(tx, actor, 'profile_updated', member.id, { fields: height === undefined ? ['nickname'] : ['nickname', 'height'] }, now);
  });
  return { nickname };
}

export const INVALID_UNSUBSCRIBE_LINK =
  'この配信停止のリンクは無効です。メールに記載されたリンクをそのまま開くか、ログインして「通知設定」から変更してください。';

/**
 * Turns one category off with the signed token of a notification mail (platform/notification-mail.ts),
 * without a session: the token names the member and the category. Idempotent: a second click
 * answers the same. A tampered token, or one for a member who no longer exists, is refused.
 */
export async function unsubscribeNotification(
  db: Database,
  actor: Actor,
  token: string,
  now: Date,
): Promise<{ category: NotificationCategory; label: string }> {
  const claim = verifyUnsubscribeToken(token);
  if (!claim) throw invalidToken(INVALID_UNSUBSCRIBE_LINK);
  const { userId, category } = claim;
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, leftAt: users.leftAt }).from(users).where(eq(users.id, userId));
    if (!user) throw invalidToken(INVALID_UNSUBSCRIBE_LINK);
    // A member who left gets no mail at all: an old mail's link answers as done and records nothing of them.
    if (user.leftAt) return;
    await tx
      .insert(notificationSettings)
      .values({ userId, category, enabled: false, updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.category],
        set: { enabled: false, updatedAt: now },
      });
    await audit(tx, actor, 'notification_unsubscribed', userId, { category }, now);
  });
  const label = notificationCategories.find((entry) => entry.key === category)!.label;
  return { category, label };
}
