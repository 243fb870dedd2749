import { AppError } from '../api/app-error';
import { GENERIC_MESSAGES, classifyFatalError, isAccountConditionError } from './fatal-errors';

const http = (statusCode: number, body?: unknown) =>
  new AppError({
    message: `Request failed with status code ${statusCode}`,
    statusCode,
    responseMessage: body,
    code: statusCode >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
  });
const transport = (code: string, message: string) => new AppError({ message, code });

describe('classifyFatalError: the generic page (spec §8 "Generic page messages")', () => {
  it.each([
    ['401', http(401, { code: 'unauthenticated', message: 'ログインしてください。' }), '401', '認証エラーです。', false],
    ['400', http(400, { code: 'invalid_parameters', message: '入力内容に誤りがあります。' }), '400', '不正な要求です。', true],
    [
      '404',
      http(404, { code: 'not_found', message: 'お探しの情報は見つかりませんでした。' }),
      '404',
      'おや？存在しないページのようです。',
      true,
    ],
    ['500', http(500, { code: 'internal_error', message: 'システムエラーです' }), '500', 'システムエラーです', false],
    [
      'ECONNABORTED (timeout)',
      transport('ECONNABORTED', 'timeout of 30000ms exceeded'),
      'タイムアウト',
      'タイムアウトが発生しました。通信環境をご確認の上再度お試しください。',
      false,
    ],
    [
      'ERR_NETWORK',
      transport('ERR_NETWORK', 'Network Error'),
      '通信エラー',
      '通信エラーが発生しました。通信環境をご確認の上再度お試しください。',
      false,
    ],
  ])('spec §8: %s shows its message, home link as the table says', (_row, error, heading, message, homeLink) => {
    expect(classifyFatalError(error)).toEqual({
      kind: 'generic',
      heading,
      message,
      homeLink,
      statusCode: error.statusCode,
      code: error.code,
    });
  });

  it('spec §8: the table of messages is the spec table', () => {
    expect(GENERIC_MESSAGES).toEqual({
      401: { message: '認証エラーです。', homeLink: false },
      400: { message: '不正な要求です。', homeLink: true },
      404: { message: 'おや？存在しないページのようです。', homeLink: true },
      500: { message: 'システムエラーです', homeLink: false },
      ECONNABORTED: { message: 'タイムアウトが発生しました。通信環境をご確認の上再度お試しください。', homeLink: false },
      ERR_NETWORK: { message: '通信エラーが発生しました。通信環境をご確認の上再度お試しください。', homeLink: false },
    });
  });

  it('spec §8: an unknown error shows its own message', () => {
    expect(classifyFatalError(new Error('予期しないエラーが発生しました'))).toMatchObject({
      kind: 'generic',
      heading: 'エラー',
      message: '予期しないエラーが発生しました',
      homeLink: false,
    });
    expect(classifyFatalError('plain text thrown')).toMatchObject({ kind: 'generic', message: 'plain text thrown' });
  });

  it("spec §8: an unknown status shows the server's own message, or the error's", () => {
    expect(classifyFatalError(http(409, { code: 'conflict', message: 'すでに登録されています。' }))).toMatchObject({
      kind: 'generic',
      heading: '409',
      message: 'すでに登録されています。',
      homeLink: false,
    });
    expect(classifyFatalError(http(418))).toMatchObject({
      kind: 'generic',
      heading: '418',
      message: 'Request failed with status code 418',
    });
  });
});

describe('classifyFatalError: the special cases (spec §4 "Fatal-error handling", §8)', () => {
  it('spec §4: system_account_locked by the error code shows the locked screen', () => {
    expect(classifyFatalError(http(403, { code: 'system_account_locked', message: 'アカウントがロックされています。' }))).toEqual({
      kind: 'accountLocked',
    });
  });

  it('spec §4: system_account_locked in the response text shows the locked screen', () => {
    expect(classifyFatalError(http(401, 'error: system_account_locked'))).toEqual({ kind: 'accountLocked' });
  });

  it('spec §4: user_is_suspended logs out and goes to login', () => {
    expect(classifyFatalError(http(403, { code: 'user_is_suspended', message: 'ご利用が停止されています。' }))).toEqual({
      kind: 'suspended',
    });
    expect(classifyFatalError(http(403, 'user_is_suspended'))).toEqual({ kind: 'suspended' });
  });

  it.each([
    ['503', http(503, { code: 'service_unavailable', message: 'メンテナンス中です。' })],
    ['503 without a body', http(503)],
    ['user_not_association_verified', http(403, { code: 'user_not_association_verified', message: '組合員の確認が済んでいません。' })],
    ['association_under_maintenance', http(403, { code: 'association_under_maintenance', message: 'メンテナンス中です。' })],
    ['association_under_maintenance as text', http(500, 'association_under_maintenance')],
  ])('spec §4: %s redirects to /under_maintenance', (_label, error) => {
    expect(classifyFatalError(error)).toEqual({ kind: 'redirect', to: '/under_maintenance' });
  });

  it('spec §4: user_membership_expired redirects to /suspension_notice', () => {
    expect(classifyFatalError(http(403, { code: 'user_membership_expired', message: '資格を喪失しています。' }))).toEqual({
      kind: 'redirect',
      to: '/suspension_notice',
    });
    expect(classifyFatalError(http(403, 'user_membership_expired'))).toEqual({ kind: 'redirect', to: '/suspension_notice' });
  });

  it('spec §4: the account conditions end the page wherever they are met; ordinary errors do not', () => {
    expect(isAccountConditionError(http(403, { code: 'system_account_locked', message: '' }))).toBe(true);
    expect(isAccountConditionError(http(503))).toBe(true);
    expect(isAccountConditionError(http(403, { code: 'user_membership_expired', message: '' }))).toBe(true);
    expect(isAccountConditionError(http(500, { code: 'internal_error', message: 'システムエラーです' }))).toBe(false);
    expect(isAccountConditionError(http(401, { code: 'unauthenticated', message: 'ログインしてください。' }))).toBe(false);
    expect(isAccountConditionError(transport('ERR_NETWORK', 'Network Error'))).toBe(false);
  });
});

describe('classifyFatalError: mail and SMS (issue 8)', () => {
  // Mail and SMS leave through the bff's outbox, so no call answers 503 for them any more: a 503
  // with any code is the service being unavailable, whatever code the body carries.
  it('a 503 whatever its code sends the member to the maintenance page', () => {
    const error = http(503, { code: 'delivery_failed', message: 'メールを送信できませんでした。' });
    expect(isAccountConditionError(error)).toBe(true);
    expect(classifyFatalError(error)).toEqual({ kind: 'redirect', to: '/under_maintenance' });
  });
});
