import { bffError, renderWithProviders, reply } from '@sukoyaka/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billsPage, connection, job, NOW, unlinked, setupSignedInAtNow } from '../testing/fixtures';
import { ExportPage } from './ExportPage';
import { ImportPage } from './ImportPage';
import { IMPORT_POLL_MS } from '../api/get-myna-connection-state';
import { RemovePage } from './RemovePage';

describe('import, export and removal (issue 12, "Import" and "Safe keeping")', () => {
  const bff = setupSignedInAtNow();

  describe('/myna_connection/import', () => {
    it('starts the import, shows its progress while it runs (polling), then the counts per kind', async () => {
      const first = connection({ lastImportedAt: null, latestImport: null, hasRecords: false });
      const states = [
        { ...first, latestImport: job({ status: 'running', phase: 'medicines', finishedAt: null }) },
        { ...first, latestImport: job({ status: 'running', phase: 'medical_bills', finishedAt: null }) },
        connection(),
      ];
      // Before the start: the first state; after it, each poll one step further.
      let polls = 0;
      bff.onCall('createMynaImport', () => {
        polls = 1;
        return reply({ import: job({ status: 'queued', phase: 'queued', startedAt: null, finishedAt: null }) });
      });
      bff.onCall('getMynaConnectionState', () => {
        const state = polls === 0 ? first : states[Math.min(polls - 1, states.length - 1)]!;
        if (polls > 0) polls += 1;
        return reply(state);
      });
      // Every timer fake (and moving with real time), so that the end can prove no poll is left
      // by moving the clock on rather than by waiting.
      jest.useFakeTimers({ now: NOW, advanceTimers: true });
      renderWithProviders(<ImportPage />);

      expect(await screen.findByText('まだ一度も取り込んでいません。')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '取り込みを始める' }));
      expect(bff.callsOf('createMynaImport')).toHaveLength(1);
      expect(await screen.findByRole('heading', { name: '取り込みの状況' })).toBeInTheDocument();
      const steps = () =>
        within(screen.getByRole('list', { name: '種類ごとの進み具合' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent);
      await waitFor(() => expect(steps()).toEqual(['健診結果完了', 'お薬の情報完了', '医療費取り込み中']), { timeout: 8000 });
      expect(screen.getByRole('button', { name: '取り込んでいます…' })).toBeDisabled();

      expect(await screen.findByText('2026年11月21日(土) 10:01に取り込みが完了しました。', {}, { timeout: 8000 })).toBeInTheDocument();
      expect(screen.getByText('新しく3件（マイナポータルから3件）')).toBeInTheDocument();
      expect(screen.getByText('新しく24件（マイナポータルから24件）')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '健診結果を見る' })).toHaveAttribute('href', '/myna_connection/medical_exams');
      // Finished: no more polling, however long the page stays open.
      const pollsBefore = bff.callsOf('getMynaConnectionState').length;
      await act(async () => {
        jest.advanceTimersByTime(IMPORT_POLL_MS * 10);
      });
      expect(bff.callsOf('getMynaConnectionState').length).toBe(pollsBefore);
    }, 20_000);

    it('a failed import gives the reason and that earlier data is kept, and may be tried again', async () => {
      bff.onCall(
        'getMynaConnectionState',
        reply(
          connection({
            latestImport: job({ status: 'failed', phase: 'medicines', failureReason: 'マイナポータルが応答しませんでした。' }),
          }),
        ),
      );
      renderWithProviders(<ImportPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        '取り込みに失敗しました。マイナポータルが応答しませんでした。それまでに取り込んだ情報はそのまま残っています。',
      );
      expect(
        within(screen.getByRole('list', { name: '種類ごとの進み具合' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['健診結果完了', 'お薬の情報失敗', '医療費待機中']);
      expect(screen.getByRole('button', { name: '最新の情報を取り込む' })).toBeEnabled();
    });

    it('before consent, linking or a secret question: the missing step', async () => {
      bff.onCall('getMynaConnectionState', reply(unlinked()));
      const { unmount } = renderWithProviders(<ImportPage />);
      expect(await screen.findByRole('link', { name: '利用規約を読んで同意する' })).toHaveAttribute('href', '/myna_connection/agreements');
      unmount();
      bff.onCall(
        'getMynaConnectionState',
        reply(connection({ secretQuestion: { registered: false, lockedUntil: null, authenticatedUntil: null } })),
      );
      renderWithProviders(<ImportPage />);
      expect(await screen.findByRole('link', { name: '秘密の質問を登録する' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /取り込/ })).not.toBeInTheDocument();
    });

    it('a link that can read nothing more (issue 25): asks to link again instead of offering the import, and the failure does not say “try later”', async () => {
      bff.onCall(
        'getMynaConnectionState',
        reply(
          connection({
            relinkRequired: true,
            latestImport: job({
              status: 'failed',
              phase: 'medical_exams',
              failureReason:
                'マイナポータルとの連携の有効期限が切れたため、取り込めませんでした。もう一度マイナンバーカードで連携してから取り込んでください。それまでに取り込んだ情報は保存されています。',
            }),
          }),
        ),
      );
      renderWithProviders(<ImportPage />);
      expect(await screen.findByRole('heading', { name: 'もう一度連携してください' })).toBeInTheDocument();
      expect(screen.getByText(/マイナポータルとの連携の有効期限が切れました。/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'もう一度連携する' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /取り込/ })).not.toBeInTheDocument();
      const failure = screen.getByRole('alert');
      expect(failure).toHaveTextContent('もう一度マイナンバーカードで連携してから取り込んでください。');
      expect(failure).not.toHaveTextContent('しばらくしてから');
    });

    it('a refused start says why', async () => {
      bff.onCall('getMynaConnectionState', reply(connection()));
      bff.onCall('createMynaImport', bffError(503, 'myna_unavailable', '現在マイナポータルと通信できません。'));
      renderWithProviders(<ImportPage />);
      await userEvent.click(await screen.findByRole('button', { name: '最新の情報を取り込む' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('現在マイナポータルと通信できません。');
    });
  });

  describe('/myna_connection/export', () => {
    it('FHIR by default: downloads the file and says what it holds; the bills list asks for the year', async () => {
      bff.onCall('getMynaConnectionState', reply(connection()));
      bff.onCall('listMynaMedicalBills', reply(billsPage()));
      bff.onCall('exportMynaHealthFiles', (request) =>
        reply({
          fileName: request.query.format === 'fhir' ? 'sukoyaka-myna.json' : 'iryohi-2025.csv',
          mediaType: 'application/fhir+json',
          encoding: 'utf8',
          content: '{"resourceType":"Bundle"}',
          counts: { medicalExams: 3, medicines: 12, medicalBills: 24 },
        }),
      );
      const save = jest.fn();
      renderWithProviders(<ExportPage save={save} />);

      expect(await screen.findByRole('radio', { name: 'FHIR R4（JSON）' })).toBeChecked();
      await userEvent.click(screen.getByRole('button', { name: 'ダウンロードする' }));
      expect(
        await screen.findByText('sukoyaka-myna.jsonをダウンロードしました（健診結果3件、お薬12件、医療費24件）。'),
      ).toBeInTheDocument();
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'sukoyaka-myna.json' }));
      expect(bff.callsOf('exportMynaHealthFiles')[0]!.query).toEqual({ format: 'fhir' });

      await userEvent.click(screen.getByRole('radio', { name: '医療費の一覧（CSV・1年分）' }));
      // Not the tax form: that is the workbook of the bills page.
      expect(screen.getByText(/医療費集計フォーム（Excel形式）をダウンロードしてください/)).toBeInTheDocument();
      await userEvent.selectOptions(await screen.findByRole('combobox', { name: '年' }), '2025');
      await userEvent.click(screen.getByRole('button', { name: 'ダウンロードする' }));
      await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
      expect(bff.callsOf('exportMynaHealthFiles')[1]!.query).toEqual({ format: 'tax_form_csv', year: '2025' });
    });

    it('without a fresh answer: to /verify first, and back to the export', async () => {
      window.history.replaceState(null, '', '/myna_connection/export');
      bff.onCall(
        'getMynaConnectionState',
        reply(connection({ secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: null } })),
      );
      renderWithProviders(<ExportPage save={jest.fn()} />);
      await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/verify'));
      expect(window.location.search).toBe('?return_to=%2Fmyna_connection%2Fexport');
      expect(bff.callsOf('exportMynaHealthFiles')).toHaveLength(0);
    });
  });

  describe('/myna_connection/removeSensitives', () => {
    it('lists what goes, needs the explicit confirmation, then says what was removed', async () => {
      bff.onCall('getMynaConnectionState', reply(connection()));
      bff.onCall(
        'removeMynaSensitives',
        reply({
          removed: { medicalExams: 3, medicines: 12, medicalBills: 24, medicalReceipts: 5, importJobs: 2, link: true },
          removedAt: NOW.toISOString(),
        }),
      );
      renderWithProviders(<RemovePage />);

      expect(await screen.findByText('取り込んだ健診結果（特定健診の結果）')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '削除する' }));
      expect(screen.getByRole('checkbox', { name: '上記の情報を削除することを確認しました' })).toHaveAccessibleDescription(
        '削除する場合はチェックを入れてください',
      );
      expect(bff.callsOf('removeMynaSensitives')).toHaveLength(0);

      await userEvent.click(screen.getByRole('checkbox', { name: '上記の情報を削除することを確認しました' }));
      await userEvent.click(screen.getByRole('button', { name: '削除する' }));
      expect(await screen.findByRole('heading', { name: '削除しました' })).toBeInTheDocument();
      expect(bff.callsOf('removeMynaSensitives')[0]!.body).toEqual({ confirm: true });
      expect(screen.getByText('2026年11月21日(土) 12:00に、取り込んだ情報と連携を削除しました。')).toBeInTheDocument();
      expect(screen.getByText('12件')).toBeInTheDocument();
      expect(screen.getByText('手入力した領収書').nextSibling).toHaveTextContent('5件');
      expect(screen.getByText('解除しました')).toBeInTheDocument();
    });

    it('a refused removal says why and removes nothing on screen', async () => {
      bff.onCall('getMynaConnectionState', reply(connection()));
      bff.onCall('removeMynaSensitives', bffError(500, 'internal_error', 'システムエラーです'));
      renderWithProviders(<RemovePage />);
      await userEvent.click(await screen.findByRole('checkbox', { name: '上記の情報を削除することを確認しました' }));
      await userEvent.click(screen.getByRole('button', { name: '削除する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーです');
      expect(screen.queryByRole('heading', { name: '削除しました' })).not.toBeInTheDocument();
    });
  });
});
