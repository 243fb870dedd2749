import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { decimalInRange } from '../fields';

const toggle = (label: string) => z.boolean({ error: `${label}の通知の設定を選択してください` });

const settingFields = {
  announcements: toggle('お知らせ'),
  points: toggle('ポイント・コイン'),
  health: toggle('健康記録のリマインド'),
  campaigns: toggle('キャンペーン'),
  walking: toggle('ウォーキングイベント'),
};
const SETTINGS_REQUIRED = { error: '通知の設定を指定してください' };

export const notificationSettingsSchema = z.object(settingFields, SETTINGS_REQUIRED);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * What a client saves: a category added since a client's release (walking, issue 29) may be left
 * out, and then keeps its value (the contract's compatibility check: additions only).
 */
export const notificationSettingsInputSchema = z.object(
  { ...settingFields, walking: z.optional(settingFields.walking) },
  SETTINGS_REQUIRED,
);
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

export const getNotificationSettings = defineCall({
  name: 'getNotificationSettings',
  method: 'GET',
  access: 'member',
  summary: "The member's notification preferences per category (every category is on until turned off).",
  input: () => z.strictObject({}),
  output: () => z.object({ settings: notificationSettingsSchema }),
});

export const updateNotificationSettings = defineCall({
  name: 'updateNotificationSettings',
  method: 'POST',
  access: 'member',
  summary: "Saves the member's notification preferences, every category at once (one left out keeps its value).",
  input: () => z.object({ settings: notificationSettingsInputSchema }),
  output: () => z.object({ settings: notificationSettingsSchema }),
});

/** 1–20 characters (as a person counts them: an emoji is one), no control characters. */
export function nickname(label = 'ニックネーム') {
  return documented(nicknameUndocumented(label), {
    minLength: 1,
    maxLength: 20,
    pattern: '^(?=[\\s\\S]*\\S)[^\\p{Cc}\\p{Cf}]{1,20}$',
    description: '1–20 characters (as a person counts them: an emoji is one) after NFC and trimming; no control or format characters.',
  });
}

function nicknameUndocumented(label: string) {
  return z.pipe(
    z.pipe(
      z.string({ error: `${label}を入力してください` }),
      z.transform((value) => value.normalize('NFC').trim()),
    ),
    z.string().check(
      z.minLength(1, { error: `${label}を入力してください`, abort: true }),
      z.refine((value) => [...value].length <= 20, `${label}は20文字以内で入力してください`),
      z.refine((value) => !/[\p{Cc}\p{Cf}]/u.test(value), `${label}に使用できない文字が含まれています`),
    ),
  );
}

/** 身長 in cm, 100.0–250.0 to 0.1 (the BMI on the health pages). */
export const heightCm = (label = '身長') => decimalInRange(label, 100, 250, 1, 'cm');

export const updateProfile = defineCall({
  name: 'updateProfile',
  method: 'POST',
  access: 'member',
  summary: "Changes the member's nickname, and their height when given (null clears it; left out, it stays).",
  input: () => z.object({ nickname: nickname(), height: z.optional(z.nullable(heightCm())) }),
  output: () => z.object({ nickname: z.string() }),
});

const UNSUBSCRIBE_LINK_MESSAGE = '配信停止のリンクが正しくありません。メールに記載されたリンクをそのまま開いてください。';

/** The token of a notification mail's unsubscribe link: `<member id>.<category>.<signature>`. */
export const unsubscribeToken = z
  .string({ error: UNSUBSCRIBE_LINK_MESSAGE })
  .check(
    z.trim(),
    z.minLength(1, UNSUBSCRIBE_LINK_MESSAGE),
    z.maxLength(200, UNSUBSCRIBE_LINK_MESSAGE),
    z.regex(/^[A-Za-z0-9_.-]+$/, UNSUBSCRIBE_LINK_MESSAGE),
  );

export const unsubscribeNotification = defineCall({
  name: 'unsubscribeNotification',
  method: 'POST',
  access: 'visitor',
  summary:
    "Turns off one notification category with the signed token of a notification mail's unsubscribe link, without signing in; idempotent.",
  input: () => z.object({ token: unsubscribeToken }),
  output: () => z.object({ category: z.enum(['announcements', 'points', 'health', 'campaigns', 'walking']), label: z.string() }),
});
