import { bffError, deferred, renderWithProviders, reply, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agreement, at, connection, unlinked, setupSignedInAtNow } from '../testing/fixtures';
import { AgreementsPage } from './AgreementsPage';
import { CallbackPage } from './CallbackPage';
import { ConnectionPage } from './ConnectionPage';
import { CompletePage, MistakePage } from './OutcomePages';

describe('My Number Portal connection pages (issue 12, "The flow")', () => {
  const bff = setupSignedInAtNow();

  describe('/myna_connection', () => {
    it('says what is fetched and why, loads the state, and asks for consent first', async () => {
      const answer = deferred<FakeReply>();
      bff.onCall('getMynaConnectionState', () => answer.promise);
      renderWithProviders(<ConnectionPage />);

      expect(await screen.findByText('連携状況を読み込んでいます…')).toBeInTheDocument();
      expect(screen.getByText('特定健診の結果')).toBeInTheDocument();
      expect(screen.getByText('薬剤情報')).toBeInTheDocument();
      expect(screen.getByText('医療費通知情報')).toBeInTheDocument();
      expect(screen.getByText(/いつでもファイルに書き出したり、すべて削除したりできます/)).toBeInTheDocument();
      answer.resolve(reply(unlinked()));

      expect(await screen.findByRole('link', { name: '利用規約を読んで同意する' })).toHaveAttribute('href', '/myna_connection/agreements');
      expect(screen.queryByRole('button', { name: 'マイナンバーカードで連携する' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: '健診結果' })).not.toBeInTheDocument();
      expect(document.title).toBe('マイナポータル連携 | すこやか');
    });

    it('agreed but not linked: the button goes to the portal’s authorization address', async () => {
      bff.onCall('getMynaConnectionState', reply({ ...unlinked(), agreement: { agreed: true, currentVersion: 1, agreedVersion: 1 } }));
      bff.onCall(
        'getMynaAuthorizationURL',
        reply({ authorizationUrl: 'https://portal.example/authorize?state=s1', expiresAt: at(11, 21, 12, 10) }),
      );
      const go = jest.fn();
      renderWithProviders(<ConnectionPage go={go} />);

      await userEvent.click(await screen.findByRole('button', { name: 'マイナンバーカードで連携する' }));
      expect(go).toHaveBeenCalledWith('https://portal.example/authorize?state=s1');
      expect(bff.callsOf('getMynaAuthorizationURL')).toHaveLength(1);
    });

    it('a failed start says why and leaves the button usable', async () => {
      bff.onCall('getMynaConnectionState', reply({ ...unlinked(), agreement: { agreed: true, currentVersion: 1, agreedVersion: 1 } }));
      bff.onCall(
        'getMynaAuthorizationURL',
        bffError(503, 'myna_unavailable', '現在マイナポータルと通信できません。しばらく時間をおいてから再度お試しください。'),
      );
      const go = jest.fn();
      renderWithProviders(<ConnectionPage go={go} />);
      await userEvent.click(await screen.findByRole('button', { name: 'マイナンバーカードで連携する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('現在マイナポータルと通信できません。');
      expect(go).not.toHaveBeenCalled();
    });

    it('linked without a secret question: the next step is the question', async () => {
      bff.onCall(
        'getMynaConnectionState',
        reply(
          connection({
            secretQuestion: { registered: false, lockedUntil: null, authenticatedUntil: null },
            hasRecords: false,
            lastImportedAt: null,
            latestImport: null,
          }),
        ),
      );
      renderWithProviders(<ConnectionPage />);
      expect(await screen.findByRole('link', { name: '秘密の質問を登録する' })).toHaveAttribute(
        'href',
        '/myna_connection/secret_question/guidance',
      );
    });

    it('linked and imported: the last import, the import, and links to every record, export and removal', async () => {
      bff.onCall('getMynaConnectionState', reply(connection()));
      renderWithProviders(<ConnectionPage />);

      expect(await screen.findByRole('link', { name: '最新の情報を取り込む' })).toHaveAttribute('href', '/myna_connection/import');
      expect(screen.getByText('2026年11月21日(土) 10:01に取り込みが完了しました。')).toBeInTheDocument();
      const links = within(screen.getByRole('navigation', { name: '取り込んだ情報' }));
      expect(links.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        '/myna_connection/medical_exams',
        '/myna_connection/medicines',
        '/myna_connection/medical_bills',
        '/myna_connection/check_sheet',
        '/myna_connection/export',
        '/myna_connection/removeSensitives',
      ]);
    });

    it('a link that can read nothing more (issue 25): says so and offers to link again, not the import', async () => {
      bff.onCall('getMynaConnectionState', reply(connection({ relinkRequired: true })));
      bff.onCall(
        'getMynaAuthorizationURL',
        reply({ authorizationUrl: 'https://portal.example/authorize?state=s2', expiresAt: at(11, 21, 12, 10) }),
      );
      const go = jest.fn();
      renderWithProviders(<ConnectionPage go={go} />);
      expect(await screen.findByText(/マイナポータルとの連携の有効期限が切れました。新しい情報を取り込むには/)).toBeInTheDocument();
      expect(screen.getByText('連携の有効期限切れ（もう一度連携してください）')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: '最新の情報を取り込む' })).not.toBeInTheDocument();
      // The records already imported stay readable.
      expect(screen.getByRole('link', { name: '健診結果' })).toHaveAttribute('href', '/myna_connection/medical_exams');
      await userEvent.click(screen.getByRole('button', { name: 'もう一度連携する' }));
      expect(go).toHaveBeenCalledWith('https://portal.example/authorize?state=s2');
    });

    it('a failed load says so with 再読み込み', async () => {
      bff.onCall('getMynaConnectionState', reply(connection()));
      bff.onCall('getMynaConnectionState', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
      renderWithProviders(<ConnectionPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('連携状況を読み込めませんでした。システムエラーです');
      await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
      expect(await screen.findByRole('link', { name: '最新の情報を取り込む' })).toBeInTheDocument();
    });
  });

  describe('/myna_connection/agreements', () => {
    it('shows the versioned terms; agreeing needs the box ticked and sends the version', async () => {
      bff.onCall('getMynaAgreement', reply(agreement()));
      bff.onCall('createMynaAgreement', reply(agreement({ agreed: true, agreedVersion: 2, agreedAt: at(11, 21, 12, 0) })));
      renderWithProviders(<AgreementsPage />);

      expect(await screen.findByRole('heading', { name: 'マイナポータル連携 利用規約' })).toBeInTheDocument();
      expect(screen.getByText('第2版（2026年10月1日(木) 09:00公開）')).toBeInTheDocument();
      expect(screen.getByText('特定健診情報')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '書き出しと削除' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: '同意する' }));
      expect(screen.getByRole('checkbox', { name: '上記の利用規約を読み、内容に同意します' })).toHaveAccessibleDescription(
        '同意する場合はチェックを入れてください',
      );
      expect(bff.callsOf('createMynaAgreement')).toHaveLength(0);

      await userEvent.click(screen.getByRole('checkbox', { name: '上記の利用規約を読み、内容に同意します' }));
      await userEvent.click(screen.getByRole('button', { name: '同意する' }));
      expect(await screen.findByText('利用規約に同意しました。')).toBeInTheDocument();
      expect(bff.callsOf('createMynaAgreement')[0]!.body).toEqual({ version: 2 });
      expect(screen.getByRole('link', { name: '連携に進む' })).toHaveAttribute('href', '/myna_connection');
    });

    it('agreed: the date, the history and a withdrawal that asks first', async () => {
      const agreed = agreement({
        agreed: true,
        agreedVersion: 2,
        agreedAt: at(11, 20, 9, 0),
        history: [{ action: 'agreed', version: 2, at: at(11, 20, 9, 0) }],
      });
      bff.onCall('getMynaAgreement', reply(agreed));
      bff.onCall('withdrawMynaAgreement', reply({ ...agreed, agreed: false, agreedVersion: null, agreedAt: null }));
      renderWithProviders(<AgreementsPage />);

      expect(await screen.findByText('第2版に2026年11月20日(金) 09:00に同意しています。')).toBeInTheDocument();
      expect(screen.getByText('第2版に同意')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '同意を取り消す' }));
      const confirm = screen.getByRole('group', { name: '利用規約への同意を取り消しますか？' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
      expect(bff.callsOf('withdrawMynaAgreement')).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: '同意を取り消す' }));
      await userEvent.click(
        within(screen.getByRole('group', { name: '利用規約への同意を取り消しますか？' })).getByRole('button', { name: '取り消す' }),
      );
      expect(await screen.findByRole('button', { name: '同意する' })).toBeInTheDocument();
      expect(bff.callsOf('withdrawMynaAgreement')).toHaveLength(1);
    });

    it('a changed version asks to agree again', async () => {
      bff.onCall('getMynaAgreement', reply(agreement({ agreedVersion: 1 })));
      renderWithProviders(<AgreementsPage />);
      expect(await screen.findByText(/利用規約が更新されました（第1版から第2版へ）/)).toBeInTheDocument();
    });
  });

  describe('/myna_connection/callback', () => {
    it('sends the code and state once, takes them out of the address and goes to /complete', async () => {
      window.history.replaceState(null, '', '/myna_connection/callback?code=c-1&state=s-1');
      const answer = deferred<FakeReply>();
      bff.onCall('verifyMynaAuthorization', () => answer.promise);
      renderWithProviders(<CallbackPage />);

      expect(await screen.findByText('マイナポータルと連携しています…')).toBeInTheDocument();
      expect(window.location.search).toBe('');
      answer.resolve(reply({ nextPath: '/myna_connection/complete', connection: connection() }));
      await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/complete'));
      expect(bff.callsOf('verifyMynaAuthorization')).toHaveLength(1);
      expect(bff.callsOf('verifyMynaAuthorization')[0]!.body).toEqual({ code: 'c-1', state: 's-1' });
    });

    it('a refused state goes to /mistake with the reason', async () => {
      window.history.replaceState(null, '', '/myna_connection/callback?code=c-1&state=s-1');
      bff.onCall('verifyMynaAuthorization', bffError(400, 'myna_state_invalid', 'この連携手続きは無効か、有効期限が切れています。'));
      renderWithProviders(<CallbackPage />);
      await waitFor(() =>
        expect(window.location.pathname + window.location.search).toBe('/myna_connection/mistake?reason=myna_state_invalid'),
      );
    });

    it('a cancelled consent goes to /mistake without calling the bff', async () => {
      window.history.replaceState(null, '', '/myna_connection/callback?error=access_denied&state=s-1');
      renderWithProviders(<CallbackPage />);
      await waitFor(() => expect(window.location.search).toBe('?reason=cancelled'));
      expect(window.location.pathname).toBe('/myna_connection/mistake');
      expect(bff.callsOf('verifyMynaAuthorization')).toHaveLength(0);
    });
  });

  describe('/myna_connection/mistake and /complete', () => {
    it('a cancellation says how to try again, with a way to contact', async () => {
      window.history.replaceState(null, '', '/myna_connection/mistake?reason=cancelled');
      renderWithProviders(<MistakePage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('マイナポータルでの連携がキャンセルされました。');
      expect(screen.getByText(/情報の提供を許可してください/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'もう一度連携する' })).toHaveAttribute('href', '/myna_connection');
      expect(screen.getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute('href', '/inquiry/new');
    });

    it('a refused state shows the bff’s message; an unknown reason a general one', async () => {
      window.history.replaceState(null, '', '/myna_connection/mistake?reason=myna_nonce_mismatch');
      const { unmount } = renderWithProviders(<MistakePage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('マイナポータルからの応答を確認できませんでした。');
      unmount();
      window.history.replaceState(null, '', '/myna_connection/mistake?reason=%3Cscript%3E');
      renderWithProviders(<MistakePage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('マイナポータルとの連携を完了できませんでした。');
    });

    it('/complete leads to the secret question when none is registered, else to the import', async () => {
      bff.onCall(
        'getMynaConnectionState',
        reply(connection({ secretQuestion: { registered: false, lockedUntil: null, authenticatedUntil: null } })),
      );
      const { unmount } = renderWithProviders(<CompletePage />);
      expect(await screen.findByRole('link', { name: '秘密の質問を登録する' })).toHaveAttribute(
        'href',
        '/myna_connection/secret_question/guidance',
      );
      unmount();
      bff.onCall('getMynaConnectionState', reply(connection()));
      renderWithProviders(<CompletePage />);
      expect(await screen.findByRole('link', { name: '情報を取り込む' })).toHaveAttribute('href', '/myna_connection/import');
    });
  });
});
