import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { AlertModal } from './AlertModal';
import { alertStore, clearAlert, showAlert, useAlert } from './alert-store';
import { theme } from './theme';

function renderModal() {
  return render(
    <ThemeProvider theme={theme}>
      <AlertModal />
    </ThemeProvider>,
  );
}

afterEach(() => {
  act(() => clearAlert());
});

describe('AlertModal', () => {
  test('spec §2: renders nothing while no alert is set', () => {
    renderModal();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('OK');
  });

  test('spec §2: open while an alert is set, showing its title and message, OK focused', () => {
    renderModal();
    act(() => showAlert({ title: '保存できませんでした', message: '通信環境をご確認の上再度お試しください。' }));

    const dialog = screen.getByRole('alertdialog', { name: '保存できませんでした' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('通信環境をご確認の上再度お試しください。');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  test('spec §2: closes when OK clears the alert, and focus goes back', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <button type="button" onClick={() => showAlert({ title: 'お知らせ', message: '登録しました。' })}>
          登録
        </button>
        <AlertModal />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: '登録' }));
    expect(screen.getByRole('alertdialog', { name: 'お知らせ' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden'); // the page behind does not scroll

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(document.body.style.overflow).toBe('');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(alertStore.get()).toBeNull();
    expect(screen.getByRole('button', { name: '登録' })).toHaveFocus();
  });

  test('spec §2: Enter on the focused OK dismisses it, and Tab cannot leave it', async () => {
    const user = userEvent.setup();
    renderModal();
    act(() => showAlert({ title: 'お知らせ', message: '登録しました。' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('spec §2: Escape dismisses it like OK', async () => {
    const user = userEvent.setup();
    renderModal();
    act(() => showAlert({ title: 'お知らせ', message: '登録しました。' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('spec §2/§9: its maximum width is 312 px', () => {
    renderModal();
    act(() => showAlert({ title: 'お知らせ', message: '登録しました。' }));
    expect(getComputedStyle(screen.getByRole('alertdialog')).maxWidth).toBe('312px');
  });

  test('spec §2: a newer alert replaces the one shown', () => {
    renderModal();
    act(() => showAlert({ title: '一件目', message: 'A' }));
    act(() => showAlert({ title: '二件目', message: 'B' }));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: '二件目' })).toHaveAccessibleDescription('B');
  });

  test('spec §2: one alert state shared by separately rendered roots (areas)', async () => {
    const user = userEvent.setup();
    function AreaA() {
      const alert = useAlert();
      return (
        <>
          <p>{alert ? `表示中: ${alert.title}` : 'アラートなし'}</p>
          <button type="button" onClick={() => showAlert({ title: 'エリアAから', message: 'ほかのエリアにも届きます。' })}>
            知らせる
          </button>
        </>
      );
    }
    // Two React roots in two containers, as two single-spa areas would be.
    render(
      <ThemeProvider theme={theme}>
        <AreaA />
      </ThemeProvider>,
    );
    renderModal();

    await user.click(screen.getByRole('button', { name: '知らせる' }));
    expect(screen.getByRole('alertdialog', { name: 'エリアAから' })).toBeInTheDocument();
    expect(screen.getByText('表示中: エリアAから')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('アラートなし')).toBeInTheDocument();
  });

  test('spec §2: showAlert works from outside React, e.g. a failed call', () => {
    renderModal();
    const listener = jest.fn();
    const unsubscribe = alertStore.subscribe(listener);
    act(() => showAlert({ title: 'エラー', message: '通信エラーが発生しました。' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog', { name: 'エラー' })).toBeInTheDocument();
    unsubscribe();
  });
});
