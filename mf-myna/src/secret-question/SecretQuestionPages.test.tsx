import { bffError, renderWithProviders, reply } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MynaConnectionState } from '@sukoyaka/contract';
import { mynaConnectionStateQueryKey } from '../api/get-myna-connection-state';
import { loadMynaCalls } from '@sukoyaka/shared';
import { at, connection, userQuestion, setupSignedInAtNow } from '../testing/fixtures';
import { ConfirmSecretQuestionPage } from './ConfirmSecretQuestionPage';
import { secretQuestionDraft } from './draft';
import { SecretQuestionGuidancePage, SecretQuestionResetGuidancePage } from './GuidancePages';
import { NewSecretQuestionPage } from './NewSecretQuestionPage';
import { VerifyPage } from './VerifyPage';

// The area's module (the forms' schemas, with zod) as the forms load it: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadMynaCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/myna').mynaCalls)),
}));
const loadMyna = loadMynaCalls as jest.MockedFunction<typeof loadMynaCalls>;

const QUESTIONS = {
  questions: [
    { id: 'first_pet', text: 'はじめて飼ったペットの名前は？' },
    { id: 'first_school', text: '卒業した小学校の名前は？' },
  ],
};
const notRegistered = () => userQuestion({ registered: false, question: null });

describe('secret question pages (issue 12, "Secret question")', () => {
  const bff = setupSignedInAtNow();

  beforeEach(() => {
    secretQuestionDraft.clear();
  });

  it('/guidance explains why and leads to /new; a registered question leads to the reset instead', async () => {
    bff.onCall('getUserMynaSecretQuestion', reply(notRegistered()));
    const { unmount } = renderWithProviders(<SecretQuestionGuidancePage />);
    expect(await screen.findByRole('link', { name: '秘密の質問を選ぶ' })).toHaveAttribute('href', '/myna_connection/secret_question/new');
    expect(screen.getByText(/5回続けて間違えると30分間ロックされます/)).toBeInTheDocument();
    expect(document.title).toBe('秘密の質問の登録 | すこやか');
    unmount();

    bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()));
    renderWithProviders(<SecretQuestionGuidancePage />);
    expect(await screen.findByText('秘密の質問はすでに登録されています。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '秘密の質問を選ぶ' })).not.toBeInTheDocument();
  });

  it('/new checks the choice and that the answer is typed twice alike, then /confirm registers it', async () => {
    bff.onCall('listMynaSecretQuestions', reply(QUESTIONS));
    bff.onCall('getUserMynaSecretQuestion', reply(notRegistered()));
    const { unmount } = renderWithProviders(<NewSecretQuestionPage />);

    const submit = await screen.findByRole('button', { name: '確認に進む' });
    await userEvent.click(submit);
    // The schema loads on the form's first press (issue 27): its messages and the focus follow.
    expect(await screen.findByRole('combobox', { name: '質問', description: '秘密の質問を選択してください' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: '質問' })).toHaveFocus());

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '質問' }), 'first_pet');
    await userEvent.type(screen.getByRole('textbox', { name: '答え' }), 'ぽち');
    await userEvent.type(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' }), 'ぽちお');
    await userEvent.click(submit);
    expect(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' })).toHaveAccessibleDescription(
      '確認のため、同じ答えをもう一度入力してください',
    );
    expect(window.location.pathname).toBe('/');

    await userEvent.clear(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' }));
    await userEvent.type(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' }), 'ぽち');
    await userEvent.click(submit);
    await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/secret_question/confirm'));
    expect(bff.callsOf('createUserMynaSecretQuestion')).toHaveLength(0);
    unmount();

    bff.onCall('createUserMynaSecretQuestion', reply(userQuestion({ mynaSecretQuestionExpireAt: at(11, 21, 12, 15) })));
    renderWithProviders(<ConfirmSecretQuestionPage />);
    expect(await screen.findByText('はじめて飼ったペットの名前は？')).toBeInTheDocument();
    expect(screen.getByText('ぽち')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('秘密の質問を登録しました。')).toBeInTheDocument();
    expect(bff.callsOf('createUserMynaSecretQuestion')[0]!.body).toEqual({ questionId: 'first_pet', answer: 'ぽち' });
    expect(screen.getByRole('link', { name: '情報を取り込む' })).toHaveAttribute('href', '/myna_connection/import');
    expect(secretQuestionDraft.get()).toBeNull();
  });

  it('takes the answer typed again in katakana or half-width as the same answer (issue 27: kana differences are ignored)', async () => {
    bff.onCall('listMynaSecretQuestions', reply(QUESTIONS));
    bff.onCall('getUserMynaSecretQuestion', reply(notRegistered()));
    renderWithProviders(<NewSecretQuestionPage />);
    const submit = await screen.findByRole('button', { name: '確認に進む' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '質問' }), 'first_pet');
    await userEvent.type(screen.getByRole('textbox', { name: '答え' }), 'かわさき');
    await userEvent.type(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' }), 'カワサキ');
    await userEvent.click(submit);
    await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/secret_question/confirm'));
    expect(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' })).not.toHaveAccessibleDescription(
      '確認のため、同じ答えをもう一度入力してください',
    );
    expect(secretQuestionDraft.get()).toMatchObject({ answer: 'かわさき' });
  });

  it('/confirm without a choice (a reload) starts again at /new; a refusal is shown', async () => {
    const { unmount } = renderWithProviders(<ConfirmSecretQuestionPage />);
    expect(await screen.findByRole('link', { name: '質問を選ぶ' })).toHaveAttribute('href', '/myna_connection/secret_question/new');
    unmount();

    secretQuestionDraft.set({ questionId: 'first_pet', question: 'はじめて飼ったペットの名前は？', answer: 'ぽち' });
    bff.onCall(
      'createUserMynaSecretQuestion',
      bffError(
        409,
        'myna_secret_question_exists',
        '秘密の質問はすでに登録されています。変更するには、秘密の質問の再設定を行ってください。',
      ),
    );
    renderWithProviders(<ConfirmSecretQuestionPage />);
    await userEvent.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('秘密の質問はすでに登録されています。');
  });

  it('issue 27: /new shows its form without the myna schemas; the first touch of the form loads them once', async () => {
    bff.onCall('listMynaSecretQuestions', reply(QUESTIONS));
    bff.onCall('getUserMynaSecretQuestion', reply(notRegistered()));
    loadMyna.mockClear();
    renderWithProviders(<NewSecretQuestionPage />);
    const submit = await screen.findByRole('button', { name: '確認に進む' });
    expect(loadMyna).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '質問' }), 'first_pet');
    expect(loadMyna).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: '答え' }), 'ぽち');
    await userEvent.type(screen.getByRole('textbox', { name: '答え（確認のためもう一度）' }), 'ぽち');
    await userEvent.click(submit);
    await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/secret_question/confirm'));
    expect(loadMyna).toHaveBeenCalledTimes(1);
  });

  it('/new for a member who has a question points to the reset', async () => {
    bff.onCall('listMynaSecretQuestions', reply(QUESTIONS));
    bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()));
    renderWithProviders(<NewSecretQuestionPage />);
    expect(await screen.findByRole('link', { name: '秘密の質問を再設定する' })).toHaveAttribute(
      'href',
      '/myna_connection/secret_question/reset/guidance',
    );
    expect(screen.queryByRole('button', { name: '確認に進む' })).not.toBeInTheDocument();
  });

  describe('/verify', () => {
    it('asks the question; the right answer goes back to return_to', async () => {
      window.history.replaceState(null, '', '/myna_connection/verify?return_to=%2Fhealth_reports');
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()));
      bff.onCall('authenticateUserMynaSecretQuestion', reply({ mynaSecretQuestionExpireAt: at(11, 21, 12, 15) }));
      const { queryClient } = renderWithProviders(<VerifyPage />);
      // What the records page read before it sent the member here: not answered.
      queryClient.setQueryData(
        mynaConnectionStateQueryKey,
        connection({ secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: null } }),
      );

      const answer = await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' });
      expect(answer).toHaveFocus();
      await userEvent.type(answer, 'ポチ');
      await userEvent.click(screen.getByRole('button', { name: '確認する' }));
      await waitFor(() => expect(window.location.pathname).toBe('/health_reports'));
      expect(bff.callsOf('authenticateUserMynaSecretQuestion')[0]!.body).toEqual({ answer: 'ポチ' });
      // The page returned to reads the new expiry at once, so it does not send the member back here.
      expect(queryClient.getQueryData<MynaConnectionState>(mynaConnectionStateQueryKey)?.secretQuestion.authenticatedUntil).toBe(
        at(11, 21, 12, 15),
      );
    });

    it('issue 27: the question shows with its field focused and no myna schemas; the first keystroke loads them once', async () => {
      window.history.replaceState(null, '', '/myna_connection/verify?return_to=%2Fmyna_connection%2Fmedical_exams');
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()));
      bff.onCall('authenticateUserMynaSecretQuestion', reply({ mynaSecretQuestionExpireAt: at(11, 21, 12, 15) }));
      loadMyna.mockClear();
      renderWithProviders(<VerifyPage />);
      const answer = await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' });
      // The records pages send the member here: focused as it shows, the page has loaded no zod.
      expect(answer).toHaveFocus();
      expect(loadMyna).not.toHaveBeenCalled();

      await userEvent.type(answer, 'ぽ');
      expect(loadMyna).toHaveBeenCalledTimes(1);
      await userEvent.type(answer, 'ち');
      await userEvent.click(screen.getByRole('button', { name: '確認する' }));
      await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/medical_exams'));
      expect(bff.callsOf('authenticateUserMynaSecretQuestion')[0]!.body).toEqual({ answer: 'ぽち' });
      expect(loadMyna).toHaveBeenCalledTimes(1);
    });

    it('issue 27: an answer sent with Enter before anything loaded waits for the schema, then is checked and sent once', async () => {
      window.history.replaceState(null, '', '/myna_connection/verify');
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()));
      loadMyna.mockClear();
      renderWithProviders(<VerifyPage />);
      const answer = await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' });
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？', description: /答えを入力してください/ })).toBe(
        answer,
      );
      expect(loadMyna).toHaveBeenCalledTimes(1);
      expect(bff.callsOf('authenticateUserMynaSecretQuestion')).toHaveLength(0);
    });

    it('return_to naming another site goes home instead; none goes to the connection page', async () => {
      window.history.replaceState(null, '', '/myna_connection/verify?return_to=https%3A%2F%2Fevil.example%2F');
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()));
      bff.onCall('authenticateUserMynaSecretQuestion', reply({ mynaSecretQuestionExpireAt: at(11, 21, 12, 15) }));
      const { unmount } = renderWithProviders(<VerifyPage />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' }), 'ぽち');
      await userEvent.click(screen.getByRole('button', { name: '確認する' }));
      await waitFor(() => expect(window.location.pathname).toBe('/'));
      unmount();

      window.history.replaceState(null, '', '/myna_connection/verify');
      renderWithProviders(<VerifyPage />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' }), 'ぽち');
      await userEvent.click(screen.getByRole('button', { name: '確認する' }));
      await waitFor(() => expect(window.location.pathname).toBe('/myna_connection'));
    });

    it('a wrong answer shows the bff’s message, empties the field and stays', async () => {
      window.history.replaceState(null, '', '/myna_connection/verify?return_to=%2Fmyna_connection%2Fmedicines');
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion({ remainingAttempts: 4 })));
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion()), { times: 1 });
      bff.onCall(
        'authenticateUserMynaSecretQuestion',
        bffError(400, 'myna_secret_question_incorrect', '答えが違います。あと4回間違えると、30分間ロックされます。'),
      );
      renderWithProviders(<VerifyPage />);
      const answer = await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' });
      await userEvent.type(answer, 'たま');
      await userEvent.click(screen.getByRole('button', { name: '確認する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('答えが違います。あと4回間違えると、30分間ロックされます。');
      expect(answer).toHaveValue('');
      expect(window.location.pathname).toBe('/myna_connection/verify');
      await waitFor(() => expect(answer).toHaveAccessibleDescription('あと4回間違えると、30分間ロックされます。'));
    });

    it('a locked question says until when and offers the reset, without the form', async () => {
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion({ remainingAttempts: 0, lockedUntil: at(11, 21, 12, 30) })));
      renderWithProviders(<VerifyPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('2026年11月21日(土) 12:30以降にもう一度お試しください。');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: '秘密の質問を再設定する' })).toHaveAttribute(
        'href',
        '/myna_connection/secret_question/reset/guidance',
      );
    });

    it('the lock met while answering (423) shows the lock', async () => {
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion({ remainingAttempts: 0, lockedUntil: at(11, 21, 12, 30) })));
      bff.onCall('getUserMynaSecretQuestion', reply(userQuestion({ remainingAttempts: 1 })), { times: 1 });
      bff.onCall('authenticateUserMynaSecretQuestion', bffError(423, 'myna_secret_question_locked', '秘密の質問がロックされました。'));
      renderWithProviders(<VerifyPage />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'はじめて飼ったペットの名前は？' }), 'たま');
      await userEvent.click(screen.getByRole('button', { name: '確認する' }));
      expect(await screen.findByText(/12:30以降にもう一度お試しください/)).toBeInTheDocument();
    });

    it('without a registered question, leads to the registration', async () => {
      bff.onCall('getUserMynaSecretQuestion', reply(notRegistered()));
      renderWithProviders(<VerifyPage />);
      expect(await screen.findByRole('link', { name: '秘密の質問を登録する' })).toHaveAttribute(
        'href',
        '/myna_connection/secret_question/guidance',
      );
    });
  });

  it('/reset/guidance explains the password step and leads to /change_secret_question', () => {
    renderWithProviders(<SecretQuestionResetGuidancePage />);
    return screen.findByRole('link', { name: '再設定に進む' }).then((link) => {
      expect(link).toHaveAttribute('href', '/change_secret_question');
      expect(screen.getByText(/すこやかのパスワードを入力します/)).toBeInTheDocument();
      expect(screen.getByText(/再設定しても消えません/)).toBeInTheDocument();
    });
  });
});
