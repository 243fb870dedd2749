import { bffError, deferred, renderWithProviders, reply, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, createQueryClient } from '@sukoyaka/shared';
import { mynaConnectionStateQueryKey } from '../api/get-myna-connection-state';
import { connection, dispensing, exam, EXAM_ID, examSummary, unlinked, setupSignedInAtNow } from '../testing/fixtures';
import { CheckSheetPage } from './CheckSheetPage';
import { MedicalExamPage } from './MedicalExamPage';
import { MedicalExamsPage, MedicinesPage } from './RecordPages';

const lapsed = () => connection({ secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: null } });

describe('the member’s records (issue 12, "The member’s records")', () => {
  const bff = setupSignedInAtNow();

  beforeEach(() => {
    bff.onCall('getMynaConnectionState', reply(connection()));
  });

  describe('/myna_connection/medical_exams', () => {
    it('loads, then lists the check-ups newest first with their judgements, each linking to its page', async () => {
      const answer = deferred<FakeReply>();
      bff.onCall('listMynaMedicalExams', () => answer.promise);
      renderWithProviders(<MedicalExamsPage />);
      expect(await screen.findByText('健診結果を読み込んでいます…')).toBeInTheDocument();
      answer.resolve(
        reply({
          medicalExams: [
            examSummary(),
            examSummary({ id: 'e-2', examinedOn: '2025-06-10', fiscalYear: 2025, guidanceCount: 0, seeDoctorCount: 0 }),
          ],
          nextCursor: null,
        }),
      );
      const rows = within(await screen.findByRole('list', { name: '健診結果の一覧' })).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByRole('link', { name: '2026年6月12日の健診' })).toHaveAttribute(
        'href',
        `/myna_connection/medical_exams/${EXAM_ID}`,
      );
      expect(rows[0]).toHaveTextContent('受診勧奨判定値 1項目');
      expect(rows[0]).toHaveTextContent('保健指導判定値 2項目');
      expect(rows[1]).toHaveTextContent('基準範囲内');
      expect(document.title).toBe('健診結果 | すこやか');
    });

    it('pages on with もっと見る through the cursor', async () => {
      bff.onCall('listMynaMedicalExams', (request) =>
        reply(
          request.query.cursor === 'c2'
            ? { medicalExams: [examSummary({ id: 'e-3', examinedOn: '2024-06-01' })], nextCursor: null }
            : { medicalExams: [examSummary()], nextCursor: 'c2' },
        ),
      );
      renderWithProviders(<MedicalExamsPage />);
      await userEvent.click(await screen.findByRole('button', { name: 'もっと見る' }));
      expect(await screen.findByRole('link', { name: '2024年6月1日の健診' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
      expect(bff.callsOf('listMynaMedicalExams')[1]!.query.cursor).toBe('c2');
    });

    it('none imported yet: says so and links to the import', async () => {
      bff.onCall('listMynaMedicalExams', reply({ medicalExams: [], nextCursor: null }));
      renderWithProviders(<MedicalExamsPage />);
      expect(await screen.findByText('健診結果はまだありません')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '情報を取り込む' })).toHaveAttribute('href', '/myna_connection/import');
    });

    it('not linked: explains and links to the connection, reading nothing', async () => {
      bff.onCall('getMynaConnectionState', reply(unlinked()));
      renderWithProviders(<MedicalExamsPage />);
      expect(await screen.findByRole('link', { name: 'マイナポータルと連携する' })).toHaveAttribute('href', '/myna_connection');
      expect(bff.callsOf('listMynaMedicalExams')).toHaveLength(0);
    });

    it('without a fresh answer: to /verify, and back here after', async () => {
      window.history.replaceState(null, '', '/myna_connection/medical_exams');
      bff.onCall('getMynaConnectionState', reply(lapsed()));
      renderWithProviders(<MedicalExamsPage />);
      await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/verify'));
      expect(window.location.search).toBe('?return_to=%2Fmyna_connection%2Fmedical_exams');
      expect(bff.callsOf('listMynaMedicalExams')).toHaveLength(0);
    });

    it('a cached state from before the answer is read again before deciding: no second trip to /verify', async () => {
      window.history.replaceState(null, '', '/myna_connection/medical_exams');
      bff.onCall('listMynaMedicalExams', reply({ medicalExams: [examSummary()], nextCursor: null }));
      const queryClient = createQueryClient();
      queryClient.setQueryData(mynaConnectionStateQueryKey, lapsed());
      await queryClient.invalidateQueries({ queryKey: mynaConnectionStateQueryKey, refetchType: 'none' });
      renderWithProviders(<MedicalExamsPage />, { queryClient });
      expect(await screen.findByRole('link', { name: '2026年6月12日の健診' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/myna_connection/medical_exams');
    });

    it('an answer that lapsed meanwhile (the bff’s 403) also goes to /verify and back', async () => {
      window.history.replaceState(null, '', '/myna_connection/medical_exams');
      bff.onCall('listMynaMedicalExams', bffError(403, 'myna_secret_question_authentication_required', '秘密の質問に答えてください。'));
      renderWithProviders(<MedicalExamsPage />);
      await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/verify'));
      expect(window.location.search).toBe('?return_to=%2Fmyna_connection%2Fmedical_exams');
    });

    it('a failed load says so with 再読み込み', async () => {
      bff.onCall('listMynaMedicalExams', reply({ medicalExams: [examSummary()], nextCursor: null }));
      bff.onCall('listMynaMedicalExams', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
      renderWithProviders(<MedicalExamsPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('健診結果を読み込めませんでした。システムエラーです');
      await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
      expect(await screen.findByRole('link', { name: '2026年6月12日の健診' })).toBeInTheDocument();
    });
  });

  describe('one check-up', () => {
    const renderExam = () =>
      renderWithProviders(
        <Routes>
          <Route path="/myna_connection/medical_exams/:examId" element={<MedicalExamPage />} />
        </Routes>,
        { route: `/myna_connection/medical_exams/${EXAM_ID}` },
      );

    it('groups the items, shows value, unit and the judgement in words, the thresholds and the trend', async () => {
      bff.onCall('getMynaMedicalExam', reply({ medicalExam: exam() }));
      renderExam();

      expect(await screen.findByRole('heading', { name: '2026年6月12日の健診' })).toBeInTheDocument();
      expect(bff.callsOf('getMynaMedicalExam')[0]!.query).toEqual({ id: EXAM_ID });
      const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(groups).toEqual(['2026年6月12日の健診', '身体計測', '血圧', '脂質', '血糖', '尿検査']);

      const lipids = within(screen.getByRole('list', { name: '脂質' }));
      const ldl = lipids.getByRole('listitem');
      expect(within(ldl).getByRole('heading', { name: 'LDLコレステロール' })).toBeInTheDocument();
      expect(ldl).toHaveTextContent('152 mg/dL');
      expect(ldl).toHaveTextContent('受診勧奨判定値');
      expect(ldl).toHaveTextContent('保健指導判定値 120mg/dL以上／受診勧奨判定値 140mg/dL以上');
      expect(ldl).toHaveTextContent('LDLコレステロールの推移：2025年 138mg/dL、2026年 152mg/dL');

      const pressure = within(screen.getByRole('list', { name: '血圧' })).getByRole('listitem');
      expect(pressure).toHaveTextContent('132 mmHg');
      expect(pressure).toHaveTextContent('保健指導判定値');
      // One value only: no trend line.
      expect(within(screen.getByRole('list', { name: '血糖' })).getByRole('listitem')).not.toHaveTextContent('推移');
      expect(within(screen.getByRole('list', { name: '尿検査' })).getByRole('listitem')).toHaveTextContent('－');
    });

    it('a check-up that is not there says so with 再読み込み', async () => {
      bff.onCall('getMynaMedicalExam', bffError(404, 'not_found', '健診結果が見つかりません。'));
      renderExam();
      expect(await screen.findByRole('alert')).toHaveTextContent('健診結果が見つかりません。');
      expect(screen.getByRole('link', { name: '健診結果の一覧に戻る' })).toHaveAttribute('href', '/myna_connection/medical_exams');
    });
  });

  describe('/myna_connection/medicines', () => {
    it('by date and pharmacy: brand and generic name, dose and days', async () => {
      bff.onCall('listMynaMedicines', reply({ dispensings: [dispensing()], nextCursor: null }));
      renderWithProviders(<MedicinesPage />);
      const card = await screen.findByRole('region', { name: '2026年11月2日・すこやか薬局 本町店' });
      expect(card).toHaveTextContent('処方：本町内科クリニック');
      expect(card).toHaveTextContent('アムロジピン錠5mg「サワイ」');
      expect(card).toHaveTextContent('一般名：アムロジピンベシル酸塩');
      expect(card).toHaveTextContent('1日1回 朝食後・1錠・28日分・内服');
    });

    it('none: says so', async () => {
      bff.onCall('listMynaMedicines', reply({ dispensings: [], nextCursor: null }));
      renderWithProviders(<MedicinesPage />);
      expect(await screen.findByText('お薬の情報はまだありません')).toBeInTheDocument();
    });
  });

  describe('/myna_connection/check_sheet', () => {
    it('the latest check-up’s judged items and the medicines of the last 90 days, printable', async () => {
      bff.onCall('listMynaMedicalExams', reply({ medicalExams: [examSummary()], nextCursor: null }));
      bff.onCall('getMynaMedicalExam', reply({ medicalExam: exam() }));
      bff.onCall(
        'listMynaMedicines',
        reply({
          dispensings: [dispensing(), dispensing({ id: 'd-old', dispensedOn: '2026-01-10', pharmacyName: '昔の薬局' })],
          nextCursor: null,
        }),
      );
      const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
      renderWithProviders(<CheckSheetPage />);

      const exams = within(await screen.findByRole('region', { name: '直近の健診結果' }));
      const rows = await exams.findAllByRole('row');
      expect(rows.slice(1).map((row) => row.textContent)).toEqual([
        '収縮期血圧132 mmHg△ 保健指導判定値',
        'LDLコレステロール152 mg/dL！ 受診勧奨判定値',
        'HbA1c（NGSP）5.4 %○ 基準範囲内',
      ]);
      expect(bff.callsOf('listMynaMedicalExams')[0]!.query.limit).toBe('1');
      const medicines = screen.getByRole('region', { name: '服用中のお薬（直近90日に調剤されたもの）' });
      expect(medicines).toHaveTextContent('アムロジピン錠5mg「サワイ」（アムロジピンベシル酸塩）');
      expect(medicines).not.toHaveTextContent('昔の薬局');
      await userEvent.click(screen.getByRole('button', { name: '印刷する' }));
      expect(print).toHaveBeenCalled();
      print.mockRestore();
    });

    it('nothing imported yet: each part says so', async () => {
      bff.onCall('listMynaMedicalExams', reply({ medicalExams: [], nextCursor: null }));
      bff.onCall('listMynaMedicines', reply({ dispensings: [dispensing({ dispensedOn: '2026-01-10' })], nextCursor: null }));
      renderWithProviders(<CheckSheetPage />);
      expect(await screen.findByText('健診結果はまだありません')).toBeInTheDocument();
      expect(await screen.findByText('直近90日に調剤されたお薬はありません')).toBeInTheDocument();
      expect(bff.callsOf('getMynaMedicalExam')).toHaveLength(0);
    });
  });
});
