import { z } from 'zod/mini';
import { PASSWORD_POLICY_HINT } from '../account-terms';
import { COMMON_PASSWORDS, isCommonPassword, newPassword, passwordEmailProblem, refinePasswordAgainstEmail } from './password-policy';

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('newPassword: the password policy (issue 4, "Password reset")', () => {
  const schema = newPassword('新しいパスワード');

  it('accepts 10 to 128 characters that are not common, spaces included and untrimmed', () => {
    expect(schema.parse('midori-no-kaze')).toBe('midori-no-kaze');
    expect(schema.parse(' kaze-fuku ')).toBe(' kaze-fuku ');
    expect(messages(schema, 'x1'.repeat(64))).toEqual([]);
  });

  it.each([
    [undefined, '新しいパスワードを入力してください'],
    ['', '新しいパスワードを入力してください'],
    ['kazefuku9', '新しいパスワードは10文字以上で入力してください'],
    ['password', '新しいパスワードは10文字以上で入力してください'],
    ['x1'.repeat(64) + 'y', '新しいパスワードは128文字以内で入力してください'],
    ['qwertyuiop', '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
    ['Password123', '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
    ['１２３４５６７８９０', '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
    ['ぬふあうえおやゆよわ', '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
    ['SUKOYAKA2026', '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
    ['zzzzzzzzzzzz', '新しいパスワードは推測されやすいため使えません。別のものにしてください'],
  ])('refuses %j with one message naming the field', (value, message) => {
    expect(messages(schema, value)).toEqual([message]);
  });

  it('ships about two hundred common passwords, with the ones the issue names', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(200);
    for (const word of ['password', '12345678', 'qwertyuiop', 'sukoyaka']) expect(isCommonPassword(word)).toBe(true);
    expect(isCommonPassword('midori-no-kaze')).toBe(false);
  });

  it('states the policy the member reads under the field', () => {
    expect(PASSWORD_POLICY_HINT).toBe('10文字以上で、推測されやすいものは使えません');
  });
});

describe('the password does not contain the local part of the e-mail address', () => {
  const form = z.object({ email: z.string(), password: newPassword() }).check(z.superRefine(refinePasswordAgainstEmail()));

  it('refuses it in any case, on the password field', () => {
    const result = form.safeParse({ email: 'Hanako.Yamada@example.jp', password: 'xxhanako.yamadaxx' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'パスワードにメールアドレスの一部を含めないでください' }),
    ]);
  });

  it('ignores a local part too short to matter, and a missing address', () => {
    expect(form.safeParse({ email: 'ann@example.jp', password: 'annual-report-99' }).success).toBe(true);
    expect(passwordEmailProblem('hanako-yamada-01', null)).toBeNull();
    expect(passwordEmailProblem('hanako-yamada-01', 'hanako@example.jp', '新しいパスワード')).toBe(
      '新しいパスワードにメールアドレスの一部を含めないでください',
    );
  });
});
