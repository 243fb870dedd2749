import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { DATE_MIN } from '../date-bounds';
import { isoTimestamp, password } from '../fields';

/*
 * The step-up confirmations a member gives before a sensitive call (spec §2 /prompt_auth and
 * /sensitive_verification, §3 auth state). Each sets its expiry on the session; failures count
 * toward the account lock like failed sign-ins.
 */

/** The day in Japan, where members live (a birthday "today" is judged by the Japanese calendar). */
function japanToday(): string {
  return new Date(Date.now() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * A calendar day as yyyy-MM-dd that exists (no 2月30日), from 1900-01-01 (spec §5) to today in
 * Japan: the form a birthday is kept in.
 */
export const PAST_DATE_DOCUMENTATION = {
  format: 'date',
  'x-earliest': DATE_MIN,
  'x-latest': 'today',
  description: 'A calendar day (yyyy-MM-dd) from 1900-01-01 to today in Japan.',
};

export function pastCalendarDate(label: string) {
  return documented(pastCalendarDateUndocumented(label), PAST_DATE_DOCUMENTATION);
}

function pastCalendarDateUndocumented(label: string) {
  return z.string({ error: `${label}を入力してください` }).check(
    z.trim(),
    z.minLength(1, { error: `${label}を入力してください`, abort: true }),
    z.superRefine((value, ctx) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
      // One message at a time: a malformed value is not also "before 1900".
      if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
        ctx.addIssue({ code: 'custom', message: `${label}の形式が正しくありません` });
      } else if (value < DATE_MIN) {
        ctx.addIssue({ code: 'custom', message: `${label}は1900年1月1日以降の日付を入力してください` });
      } else if (value > japanToday()) {
        ctx.addIssue({ code: 'custom', message: `${label}に未来の日付は指定できません` });
      }
    }),
  );
}

export const authenticateUserPassword = defineCall({
  name: 'authenticateUserPassword',
  method: 'POST',
  access: 'member',
  summary: "Confirms the signed-in member's password again (/prompt_auth); sets passwordAuthExpireAt of the auth state.",
  input: () => z.object({ password: password() }),
  output: () => z.object({ passwordAuthExpireAt: isoTimestamp }),
});

export const authenticateBirthday = defineCall({
  name: 'authenticateBirthday',
  method: 'POST',
  access: 'member',
  summary: "Confirms the signed-in member's birthday (/sensitive_verification); sets birthdayAuthExpireAt of the auth state.",
  input: () => z.object({ birthday: pastCalendarDate('生年月日') }),
  output: () => z.object({ birthdayAuthExpireAt: isoTimestamp }),
});
