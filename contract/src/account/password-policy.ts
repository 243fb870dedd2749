import { z } from 'zod/mini';
import { documented } from '../documented';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../account-terms';

/*
 * The password policy every new password follows (sign-up, reset, any change), stated to the
 * member under the field as PASSWORD_POLICY_HINT (../account-terms, with the lengths). Length matters more than composition rules
 * (NIST SP 800-63B): at least 10 characters, at most 128, not a commonly used password, and
 * not built from the member's own e-mail address.
 */

/**
 * Passwords that appear at the top of leaked-password lists, with the favourites of Japanese
 * users: romaji words, keyboard rows (also as typed in kana mode on a JIS keyboard), the
 * service's own name. Compared after NFKC (full-width digits count as digits) and lower-casing.
 * Entries shorter than 10 characters are refused by length already; they stay so that the list
 * keeps meaning the same if the minimum ever changes.
 */
// prettier-ignore
export const COMMON_PASSWORDS: readonly string[] = [
  // Global top lists
  'password', 'password1', 'password12', 'password123', 'password1234', 'password12345', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'passwordpassword', 'mypassword', 'password!', 'password01', 'password2024', 'password2025', 'password2026',
  '12345678', '123456789', '1234567890', '12345678910', '0123456789', '0987654321', '9876543210', '1122334455',
  '1234512345', '1111111111', '0000000000', '2222222222', '5555555555', '7777777777', '8888888888', '9999999999',
  '1231231234', '123123123123', '1234567890a', 'a1234567890', '12345qwert', 'qwert12345', '123qweasd', '123qweasdzxc',
  'qwerty', 'qwerty123', 'qwerty1234', 'qwertyuiop', 'qwertyuiop1', 'qwertyuiop123', 'qwertyuiop[]', 'qwertyqwerty',
  'asdfghjkl', 'asdfghjkl;', 'asdfghjkl1', 'asdfasdfasdf', 'zxcvbnm', 'zxcvbnm123', 'zxcvbnm,./', 'zxcvbnmasdfghjkl',
  '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx', '1qaz2wsx3edc', 'qazwsxedc', 'qazwsxedcrfv', 'zaq12wsx',
  'zaq1xsw2cde3', '!qaz2wsx', 'q1w2e3r4t5', 'a1b2c3d4e5', 'abc1234567', 'abcdefghij', 'abcdefg123', 'abcd123456',
  'iloveyou', 'iloveyou1', 'iloveyou12', 'iloveyou123', 'letmein', 'letmein123', 'welcome', 'welcome123', 'welcome1234',
  'admin', 'admin12345', 'administrator', 'changeme', 'changeme123', 'trustno1', 'sunshine', 'princess', 'football',
  'baseball', 'basketball', 'superman', 'batman', 'starwars', 'dragonball', 'master', 'monkey', 'shadow', 'michael',
  'jennifer', 'whatever', 'computer', 'internet', 'secret', 'secret123', 'freedom', 'chocolate', 'butterfly', 'football1',
  'helloworld', 'hellohello', 'goodmorning', 'loveyou123', 'blink18223', 'minecraft', 'pokemon', 'pokemon123',
  // Japanese favourites in romaji
  'sakura', 'sakura1234', 'sakurasaku', 'doraemon', 'doraemon12', 'doraemon123', 'pikachu', 'pikachu123', 'naruto',
  'naruto1234', 'onepiece', 'onepiece123', 'totoro', 'ghibli', 'hellokitty', 'kitty12345', 'arigatou', 'arigatou123',
  'arigatougozaimasu', 'daisuki', 'daisuki123', 'aishiteru', 'aishiteru1', 'aishiteru123', 'himitsu', 'himitsu123',
  'pasuwado', 'pasuwaado', 'pasuwaado1', 'pasuwado123', 'nihon', 'nippon', 'nippon1234', 'japan', 'japan12345',
  'tokyo', 'tokyo12345', 'tokyo2020', 'osaka', 'osaka12345', 'fujisan', 'samurai', 'samurai123', 'ninja', 'ninja12345',
  'konnichiwa', 'ohayougozaimasu', 'sayonara', 'genki', 'kenkou', 'kenkou1234', 'hoken', 'kenpo', 'kenpo12345',
  'hokenkumiai', 'kenkouhoken', 'tanaka', 'suzuki', 'sato', 'takahashi', 'watanabe', 'yamada', 'yamamoto', 'nakamura',
  'kobayashi', 'yamadataro', 'tanakataro', 'hanako', 'taro', 'gundam', 'evangelion', 'kimetsu', 'jujutsu',
  // The service itself
  'sukoyaka', 'sukoyaka1', 'sukoyaka12', 'sukoyaka123', 'sukoyaka1234', 'sukoyaka2025', 'sukoyaka2026',
  'sukoyakasukoyaka', 'sukoyaka-demo', 'すこやか', 'すこやかすこやか', 'すこやか1234567',
  // Keyboard rows typed in kana mode on a JIS keyboard (1234567890, qwertyuiop, asdfghjkl)
  'ぬふあうえおやゆよわ', 'ぬふあうえおやゆよ', 'たていすかんなにらせ', 'ちとしはきくまのり',
  // Japanese words in kana or kanji
  'パスワード', 'ぱすわーど', 'ひみつ', 'さくら', 'ありがとう', 'あいしてる', 'だいすき', 'こんにちは',
];

const COMMON = new Set(COMMON_PASSWORDS.map(normalise));

function normalise(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

/** True for a password from the list, or one character repeated (aaaaaaaaaa). */
export function isCommonPassword(value: string): boolean {
  const normalised = normalise(value);
  if (COMMON.has(normalised)) return true;
  return [...new Set(normalised)].length <= 1;
}

/** The local part of an address when it is long enough for "contains" to mean something. */
function meaningfulLocalPart(email: string): string | null {
  const local = normalise(email.trim()).split('@')[0] ?? '';
  return local.length >= 4 ? local : null;
}

/**
 * Why the password may not be used with this e-mail address, or null. The server also checks it
 * where the form does not carry the address (a reset link, say).
 */
export function passwordEmailProblem(password: string, email: string | null | undefined, label = 'パスワード'): string | null {
  if (!email) return null;
  const local = meaningfulLocalPart(email);
  if (local && normalise(password).includes(local)) return `${label}にメールアドレスの一部を含めないでください`;
  return null;
}

/** A new password, with Japanese messages that name the field. Never trimmed: spaces count. */
export function newPassword(label = 'パスワード') {
  return documented(newPasswordUndocumented(label), {
    description: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, not a commonly used password (compared after NFKC and lower-casing) and not one character repeated.`,
  });
}

function newPasswordUndocumented(label: string) {
  return z.string({ error: `${label}を入力してください` }).check(
    z.minLength(1, { error: `${label}を入力してください`, abort: true }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: `${label}は${PASSWORD_MIN_LENGTH}文字以上で入力してください`, abort: true }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: `${label}は${PASSWORD_MAX_LENGTH}文字以内で入力してください`, abort: true }),
    z.refine((value) => !isCommonPassword(value), `${label}は推測されやすいため使えません。別のものにしてください`),
  );
}

/**
 * The object-level rule: the password does not contain the local part of the e-mail address
 * given in the same form. The issue goes on the password field.
 */
export function refinePasswordAgainstEmail<T extends { email: string; password: string }>(label = 'パスワード') {
  return (value: T, ctx: z.core.$RefinementCtx<T>) => {
    const problem = passwordEmailProblem(value.password, value.email, label);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  };
}
