import { emailDomainProblem, mailLinkToken, ownEmailAddress } from './email-checks';

describe('ownEmailAddress: format, then the domain', () => {
  const schema = ownEmailAddress('新しいメールアドレス');
  const messages = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts and normalises a well-formed address', () => {
    expect(schema.parse('  Hanako@Example.JP ')).toBe('hanako@example.jp');
  });

  it.each([
    ['', '新しいメールアドレスを入力してください'],
    ['hanako@', '新しいメールアドレスの形式が正しくありません'],
    ['hanako@gmial.com', '新しいメールアドレスのドメイン「gmial.com」をご確認ください。「gmail.com」ではありませんか？'],
    ['hanako@yahoo.co.jo', '新しいメールアドレスのドメイン「yahoo.co.jo」をご確認ください。「yahoo.co.jp」ではありませんか？'],
    ['hanako@company.co.jo', '新しいメールアドレスのドメイン「company.co.jo」をご確認ください。「company.co.jp」ではありませんか？'],
  ])('refuses %j with one message naming the field', (value, message) => {
    expect(messages(value)).toEqual([message]);
  });

  it('leaves real domains alone', () => {
    for (const email of [
      'a@docomo.ne.jp',
      'a@ezweb.ne.jp',
      'a@i.softbank.jp',
      'a@gmail.com',
      'a@yahoo.co.jp',
      'a@icloud.com',
      'a@xn--eckwd4c7c.jp',
    ]) {
      expect(emailDomainProblem(email)).toBeNull();
    }
  });
});

describe('mailLinkToken', () => {
  it('accepts the base64url tokens the mails carry and nothing else', () => {
    expect(mailLinkToken.safeParse('AbC-_09').success).toBe(true);
    expect(mailLinkToken.safeParse('a b').success).toBe(false);
    expect(mailLinkToken.safeParse('x'.repeat(201)).success).toBe(false);
  });
});
