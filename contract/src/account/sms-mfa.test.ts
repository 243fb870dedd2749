import { japaneseMobileNumber, maskPhoneNumber, smsCode } from './sms-mfa';
import { pastCalendarDate } from './step-up';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('japaneseMobileNumber: the notations members type, normalised to E.164', () => {
  const phone = japaneseMobileNumber();

  it.each([
    '090-1234-5678',
    '09012345678',
    ' 090 1234 5678 ',
    '(090)1234-5678',
    '+819012345678',
    '+81 90-1234-5678',
    '+81 (0)90 1234 5678',
    '+81090-1234-5678',
    '０９０－１２３４－５６７８',
    '090ー1234ー5678',
  ])('%j → +819012345678', (typed) => {
    expect(phone.parse(typed)).toBe('+819012345678');
  });

  it.each(['070-1111-2222', '080-3333-4444', '060-5555-6666'])('accepts the mobile prefix of %j', (typed) => {
    expect(phone.parse(typed)).toMatch(/^\+81[6-9]0\d{8}$/);
  });

  it.each([
    ['', '電話番号を入力してください'],
    ['03-1234-5678', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
    ['0120-123-456', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
    ['090-1234-56789', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
    ['+1 415 555 0100', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
    ['090-abcd-5678', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
  ])('refuses %j with one message: %s', (typed, message) => {
    expect(messagesOf(phone.safeParse(typed))).toEqual([message]);
  });
});

describe('smsCode', () => {
  const code = smsCode();

  it('keeps six digits, forgiving full-width digits and spaces', () => {
    expect(code.parse('012345')).toBe('012345');
    expect(code.parse('０１２ ３４５')).toBe('012345');
  });

  it.each([
    ['', '認証コードを入力してください'],
    ['12345', '認証コードは6桁の数字で入力してください'],
    ['1234567', '認証コードは6桁の数字で入力してください'],
    ['12a456', '認証コードは6桁の数字で入力してください'],
  ])('refuses %j with one message: %s', (typed, message) => {
    expect(messagesOf(code.safeParse(typed))).toEqual([message]);
  });
});

describe('maskPhoneNumber', () => {
  it('shows the prefix and the last four digits only', () => {
    expect(maskPhoneNumber('+819012345678')).toBe('090-****-5678');
  });
});

describe('pastCalendarDate (the birthday of /sensitive_verification)', () => {
  const birthday = pastCalendarDate('生年月日');

  it('accepts a real past day', () => {
    expect(birthday.parse('1980-04-01')).toBe('1980-04-01');
    expect(birthday.parse('2000-02-29')).toBe('2000-02-29');
  });

  it.each([
    ['', '生年月日を入力してください'],
    ['1980-4-1', '生年月日の形式が正しくありません'],
    ['1981-02-29', '生年月日の形式が正しくありません'],
    ['1899-12-31', '生年月日は1900年1月1日以降の日付を入力してください'],
    ['2999-01-01', '生年月日に未来の日付は指定できません'],
  ])('refuses %j with one message: %s', (typed, message) => {
    expect(messagesOf(birthday.safeParse(typed))).toEqual([message]);
  });
});
