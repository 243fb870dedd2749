import { bffError, networkDown, reply, setupFakeBff, timeout } from '@sukoyaka/shared/testing';
import { AppError, isAppError, toAppError } from './app-error';
import { httpClient } from './http-client';

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const failure = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(AppError);
  return failure as AppError;
}

describe('failures reach the UI as an AppError (spec §3 "Error object", §7)', () => {
  const bff = setupFakeBff();

  it('spec §3/§7: an HTTP 500 carries statusCode, message, the server body as responseMessage, and the axios code', async () => {
    bff.on('GET', '/api/bff/ping', bffError(500, 'internal_error', 'システムエラーです'));

    const error = await failureOf(httpClient.get('/api/bff/ping'));

    expect(error.name).toBe('AppError');
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe('Request failed with status code 500');
    expect(error.responseMessage).toEqual({ code: 'internal_error', message: 'システムエラーです' });
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.serverCode).toBe('internal_error');
    expect(error.serverMessage).toBe('システムエラーです');
  });

  it('spec §3/§7: a 4xx answer of a POST is wrapped the same way, with the field messages', async () => {
    bff.withAuthenticityToken('token-1');
    bff.on(
      'POST',
      '/api/bff/saveBloodPressure',
      bffError(400, 'invalid_parameters', '最高血圧を入力してください', {
        systolic: ['最高血圧を入力してください'],
        diastolic: ['最低血圧を入力してください', 'x'],
      }),
    );

    const error = await failureOf(httpClient.post('/api/bff/saveBloodPressure', {}));

    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('ERR_BAD_REQUEST');
    expect(error.serverCode).toBe('invalid_parameters');
    expect(error.serverMessage).toBe('最高血圧を入力してください');
    expect(error.fieldErrors).toEqual({ systolic: ['最高血圧を入力してください'], diastolic: ['最低血圧を入力してください', 'x'] });
  });

  it('spec §3/§8: a timeout has code ECONNABORTED and no status', async () => {
    bff.on('GET', '/api/bff/ping', timeout());

    const error = await failureOf(httpClient.get('/api/bff/ping'));

    expect(error.code).toBe('ECONNABORTED');
    expect(error.statusCode).toBeUndefined();
    expect(error.responseMessage).toBeUndefined();
    expect(error.message).toBe('timeout of 30000ms exceeded');
  });

  it('spec §3/§8: a call left unanswered is aborted at 30 s and fails with ECONNABORTED', async () => {
    jest.useFakeTimers();
    try {
      let aborted = false;
      bff.on('GET', '/api/bff/ping', (request) => {
        request.signal?.addEventListener('abort', () => {
          aborted = true;
        });
        return new Promise(() => undefined);
      });

      const failure = failureOf(httpClient.get('/api/bff/ping'));
      await jest.advanceTimersByTimeAsync(29999);
      expect(aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await failure;

      expect(aborted).toBe(true);
      expect(error).toMatchObject({ code: 'ECONNABORTED', statusCode: undefined, message: 'timeout of 30000ms exceeded' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('spec §3/§8: a network failure has code ERR_NETWORK and no status', async () => {
    bff.on('GET', '/api/bff/ping', networkDown());

    const error = await failureOf(httpClient.get('/api/bff/ping'));

    expect(error.code).toBe('ERR_NETWORK');
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toBe('Network Error');
  });

  it('spec §7: a successful answer is not an error', async () => {
    bff.on('GET', '/api/bff/ping', reply({ status: 'ok' }));
    await expect(httpClient.get('/api/bff/ping')).resolves.toMatchObject({ status: 200, data: { status: 'ok' } });
  });
});

describe('AppError getters and toAppError (spec §3)', () => {
  it('spec §3: serverCode, serverMessage and fieldErrors read the bff body `{ code, message, fields }`', () => {
    const error = new AppError({
      message: 'Request failed with status code 400',
      statusCode: 400,
      responseMessage: {
        code: 'invalid_parameters',
        message: '入力内容に誤りがあります。',
        fields: { email: ['メールアドレスを入力してください'] },
      },
    });
    expect(error.serverCode).toBe('invalid_parameters');
    expect(error.serverMessage).toBe('入力内容に誤りがあります。');
    expect(error.fieldErrors).toEqual({ email: ['メールアドレスを入力してください'] });
  });

  it.each([
    ['no body', undefined, undefined, undefined],
    ['a text body', 'system_account_locked', undefined, undefined],
    ['null', null, undefined, undefined],
    ['a body with non-string code and message', { code: 503, message: ['x'] }, undefined, undefined],
    [
      'a body whose fields are null',
      { code: 'not_found', message: 'お探しの情報は見つかりませんでした。', fields: null },
      'not_found',
      'お探しの情報は見つかりませんでした。',
    ],
  ])('spec §3: the getters read only a well-formed body: %s', (_label, responseMessage, serverCode, serverMessage) => {
    const error = new AppError({ message: 'm', responseMessage });
    expect(error.serverCode).toBe(serverCode);
    expect(error.serverMessage).toBe(serverMessage);
    expect(error.fieldErrors).toEqual({});
  });

  it('spec §3: toAppError keeps an AppError and converts any other thrown value', () => {
    const appError = new AppError({ message: 'kept', statusCode: 404 });
    expect(toAppError(appError)).toBe(appError);

    const plain = toAppError(new Error('boom'));
    expect(plain).toBeInstanceOf(AppError);
    expect(plain).toMatchObject({ message: 'boom', statusCode: undefined, code: undefined });

    expect(toAppError('text').message).toBe('text');
    expect(isAppError(plain)).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
  });
});
