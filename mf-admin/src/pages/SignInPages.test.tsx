import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, setupAdminBff, signedIn } from '../testing/render';
import { safeReturn } from './SignInPages';

const bff = setupAdminBff();

function sessionIn(state: 'signedOut' | 'totpRequired' | 'enrolmentRequired') {
  bff.onCall('getOperatorSession', reply({ state, operator: null, authenticityToken: 'operator-token' }));
}

describe('operator sign-in (issue 14: own sign-in, two-factor required)', () => {
  it('the password step sends e-mail and password with the operator token and goes on to the code', async () => {
    sessionIn('signedOut');
    bff.onCall('operatorSignIn', (request) => {
      expect(request.headers['x-csrf-token']).toBe('operator-token');
      expect(request.body).toEqual({ email: 'operator@sukoyaka.example', password: 'sukoyaka-admin-2026' });
      sessionIn('totpRequired');
      return reply({ state: 'totpRequired' });
    });
    renderAt('/admin/login');
    await userEvent.type(await screen.findByLabelText('メールアドレス'), 'operator@sukoyaka.example');
    await userEvent.type(screen.getByLabelText('パスワード'), 'sukoyaka-admin-2026');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByRole('heading', { name: '2段階認証' })).toBeInTheDocument();
    // The member's token was never asked for.
    expect(bff.callsOf('getAuthenticityTokenForClient')).toHaveLength(0);
  });

  it('a wrong password shows the message, and an empty form names the fields without sending', async () => {
    sessionIn('signedOut');
    bff.onCall('operatorSignIn', bffError(401, 'invalid_credentials', 'メールアドレスまたはパスワードが正しくありません。'));
    renderAt('/admin/login');
    await userEvent.click(await screen.findByRole('button', { name: '次へ' }));
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(bff.callsOf('operatorSignIn')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'operator@sukoyaka.example');
    await userEvent.type(screen.getByLabelText('パスワード'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByText('メールアドレスまたはパスワードが正しくありません。')).toBeInTheDocument();
  });

  it('the code step signs in and lands on the dashboard; a wrong code says so', async () => {
    sessionIn('totpRequired');
    bff.onCall('verifyOperatorTotp', bffError(401, 'invalid_credentials', '確認コードが正しくありません。'), { times: 1 });
    renderAt('/admin/two_factor');
    await userEvent.type(await screen.findByLabelText('確認コード（6桁）'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('確認コードが正しくありません。')).toBeInTheDocument();

    bff.onCall('verifyOperatorTotp', () => {
      signedIn(bff);
      return reply({ state: 'signedIn' });
    });
    bff.onCall('getOperatorMemberStats', reply({ members: 0, signUps: [], signUpTotal: 0 }));
    bff.onCall('getOperatorHealthStats', reply({ recordsPerDay: [], recordTotal: 0, activeMembers7: 0, activeMembers30: 0 }));
    bff.onCall('getOperatorPointStats', reply({ granted: [], redeemed: [], grantedTotal: 0, redeemedTotal: 0 }));
    await userEvent.clear(screen.getByLabelText('確認コード（6桁）'));
    await userEvent.type(screen.getByLabelText('確認コード（6桁）'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { name: 'ダッシュボード' })).toBeInTheDocument();
  });

  it('enrolment shows the QR code and the secret, and the first code signs in', async () => {
    sessionIn('enrolmentRequired');
    bff.onCall(
      'startOperatorTotpEnrolment',
      reply({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg></svg>' }),
    );
    bff.onCall('confirmOperatorTotpEnrolment', () => {
      signedIn(bff);
      return reply({ state: 'signedIn' });
    });
    bff.onCall('getOperatorMemberStats', bffError(500, 'internal_error', 'システムエラーです'));
    bff.onCall('getOperatorHealthStats', bffError(500, 'internal_error', 'システムエラーです'));
    bff.onCall('getOperatorPointStats', bffError(500, 'internal_error', 'システムエラーです'));
    renderAt('/admin/two_factor/setup');
    expect(await screen.findByRole('img', { name: '認証アプリに登録するQRコード' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(bff.callsOf('startOperatorTotpEnrolment')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('確認コード（6桁）'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '登録してログイン' }));
    expect(await screen.findByRole('heading', { name: 'ダッシュボード' })).toBeInTheDocument();
  });

  it('an operator page without a signed-in operator goes to the login page; halfway, to the code', async () => {
    sessionIn('signedOut');
    const first = renderAt('/admin/roster');
    expect(await screen.findByRole('heading', { name: '運営管理 ログイン' })).toBeInTheDocument();
    first.unmount();
    bff.reset();
    sessionIn('totpRequired');
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: '2段階認証' })).toBeInTheDocument();
  });

  it('returns only to pages of this area', () => {
    expect(safeReturn('/admin/roster')).toBe('/admin/roster');
    expect(safeReturn('https://evil.example/admin')).toBe('/admin');
    expect(safeReturn('//evil.example')).toBe('/admin');
    expect(safeReturn('/vitals')).toBe('/admin');
  });

  it('a session that cannot be read shows the error', async () => {
    bff.onCall('getOperatorSession', bffError(503, 'service_unavailable', 'ただいま混み合っています。'));
    renderAt('/admin/login');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('混み合っています'));
  });
});
