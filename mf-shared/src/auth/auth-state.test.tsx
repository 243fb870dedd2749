import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { act, screen } from '@testing-library/react';
import { AppError } from '../api/app-error';
import { deriveAuthFlags, getAuthState, isConfirmationValid, nextExpiry, useAuthState, type AuthState } from './auth-state';

const NOW = new Date('2026-11-21T10:00:00+09:00');
const state = (values: Partial<AuthState>): AuthState => ({
  birthdayAuthExpireAt: null,
  passwordAuthExpireAt: null,
  mynaSecretQuestionExpireAt: null,
  ...values,
});

describe('deriveAuthFlags (spec §3, §5: a confirmation counts only while its expiry is in the future)', () => {
  it.each([
    ['null', null, false],
    ['missing', undefined, false],
    ['empty', '', false],
    ['past', '2026-11-21T09:59:59+09:00', false],
    ['exactly now', '2026-11-21T10:00:00+09:00', false],
    ['future', '2026-11-21T10:00:01+09:00', true],
    ['far future', '2099-12-31T23:59:59Z', true],
    ['invalid', 'not-a-timestamp', false],
  ])('spec §3: an expiry that is %s gives %s', (_label, expireAt, expected) => {
    expect(isConfirmationValid(expireAt, NOW)).toBe(expected);
    const flags = deriveAuthFlags(
      state({
        birthdayAuthExpireAt: expireAt ?? null,
        passwordAuthExpireAt: expireAt ?? null,
        mynaSecretQuestionExpireAt: expireAt ?? null,
      }),
      NOW,
    );
    expect(flags).toEqual({
      isBirthdayAuthenticated: expected,
      isPasswordAuthenticated: expected,
      isMynaSecretQuestionAuthenticated: expected,
    });
  });

  it('spec §4: the three confirmations are independent', () => {
    expect(
      deriveAuthFlags(
        state({
          birthdayAuthExpireAt: '2026-11-21T10:05:00+09:00',
          passwordAuthExpireAt: '2026-11-21T09:00:00+09:00',
          mynaSecretQuestionExpireAt: null,
        }),
        NOW,
      ),
    ).toEqual({ isBirthdayAuthenticated: true, isPasswordAuthenticated: false, isMynaSecretQuestionAuthenticated: false });
    expect(deriveAuthFlags(state({ mynaSecretQuestionExpireAt: '2026-11-21T11:00:00+09:00' }), NOW)).toEqual({
      isBirthdayAuthenticated: false,
      isPasswordAuthenticated: false,
      isMynaSecretQuestionAuthenticated: true,
    });
  });

  it('spec §3: without an auth state every flag is false', () => {
    expect(deriveAuthFlags(undefined, NOW)).toEqual({
      isBirthdayAuthenticated: false,
      isPasswordAuthenticated: false,
      isMynaSecretQuestionAuthenticated: false,
    });
  });

  it('spec §4: nextExpiry is the earliest expiry still ahead', () => {
    expect(
      nextExpiry(
        state({
          birthdayAuthExpireAt: '2026-11-21T10:30:00+09:00',
          passwordAuthExpireAt: '2026-11-21T10:10:00+09:00',
          mynaSecretQuestionExpireAt: '2026-11-21T09:00:00+09:00',
        }),
        NOW,
      ),
    ).toBe(Date.parse('2026-11-21T10:10:00+09:00'));
    expect(nextExpiry(state({ passwordAuthExpireAt: 'garbage' }), NOW)).toBeNull();
    expect(nextExpiry(undefined, NOW)).toBeNull();
  });
});

function Flags() {
  const { isBirthdayAuthenticated, isPasswordAuthenticated, isMynaSecretQuestionAuthenticated, error, isPending } = useAuthState();
  if (isPending) return <p>loading</p>;
  if (error) return <p role="alert">{`error ${error instanceof AppError ? error.statusCode : 'other'}`}</p>;
  return (
    <ul>
      <li>{`birthday: ${isBirthdayAuthenticated}`}</li>
      <li>{`password: ${isPasswordAuthenticated}`}</li>
      <li>{`myna: ${isMynaSecretQuestionAuthenticated}`}</li>
    </ul>
  );
}

describe('useAuthState (spec §3, §4, §7)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('spec §4: a flag is true while its expiry is ahead and turns false when it passes, without a reload', async () => {
    jest.useFakeTimers({ now: NOW });
    bff.onCall(
      'getAuthState',
      reply(
        state({
          passwordAuthExpireAt: '2026-11-21T10:01:00+09:00',
          birthdayAuthExpireAt: '2026-11-21T10:30:00+09:00',
          mynaSecretQuestionExpireAt: '2026-11-21T09:00:00+09:00',
        }),
      ),
    );

    renderWithProviders(<Flags />);

    expect(await screen.findByText('password: true')).toBeInTheDocument();
    expect(screen.getByText('birthday: true')).toBeInTheDocument();
    expect(screen.getByText('myna: false')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(59_000);
    });
    expect(screen.getByText('password: true')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(1_100);
    });
    expect(screen.getByText('password: false')).toBeInTheDocument();
    expect(screen.getByText('birthday: true')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(29 * 60_000);
    });
    expect(screen.getByText('birthday: false')).toBeInTheDocument();

    // The flags changed on the clock alone: the auth state was asked for once.
    expect(bff.callsOf('getAuthState')).toHaveLength(1);
  });

  it('spec §7: the auth-state call is a POST with no payload', async () => {
    bff.onCall('getAuthState', reply(state({})));

    await expect(getAuthState()).resolves.toEqual(state({}));

    const [request] = bff.callsOf('getAuthState');
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/api/bff/getAuthState');
    expect(request!.body).toBeUndefined();
    expect(request!.headers['x-csrf-token']).toBe('token-1');
  });

  it('spec §7: the auth-state call rethrows its error', async () => {
    bff.onCall('getAuthState', bffError(500, 'internal_error', 'システムエラーです'));

    await expect(getAuthState()).rejects.toMatchObject({ name: 'AppError', statusCode: 500, serverCode: 'internal_error' });
  });

  it('spec §7: useAuthState surfaces the error as the query error (no retry)', async () => {
    bff.onCall('getAuthState', bffError(500, 'internal_error', 'システムエラーです'));

    renderWithProviders(<Flags />);

    expect(await screen.findByRole('alert')).toHaveTextContent('error 500');
    expect(bff.callsOf('getAuthState')).toHaveLength(1);
  });
});
