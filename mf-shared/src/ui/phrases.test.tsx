import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { breakPhrases, loadPhraseParser, supportsAutoPhrase } from './phrases';
import { Button, Heading, Text } from './primitives';

// Issue 7: where the browser lacks `word-break: auto-phrase` (jsdom has no CSS.supports at all),
// BudouX is loaded and the shared primitives put a <wbr> between phrases.
describe('Japanese phrase breaking, BudouX fallback', () => {
  it('jsdom counts as a browser without auto-phrase', () => {
    expect(supportsAutoPhrase()).toBe(false);
  });

  it('a heading gets <wbr> between its phrases, never inside one, and reads the same', async () => {
    renderWithProviders(<Heading>毎日の血圧を記録しましょう。</Heading>);
    const heading = screen.getByRole('heading', { name: '毎日の血圧を記録しましょう。' });
    await waitFor(() => expect(heading.querySelector('wbr')).not.toBeNull());

    expect(heading).toHaveTextContent('毎日の血圧を記録しましょう。');
    expect(heading).toHaveAttribute('data-phrases');
    const phrases = heading.innerHTML.split(/<wbr[^>]*>/);
    expect(phrases.length).toBeGreaterThan(1);
    // "しましょ／う。" never happens: the last phrase keeps the verb whole.
    expect(phrases.at(-1)).toMatch(/しましょう。$/);
    expect(phrases.every((phrase) => phrase.length > 1)).toBe(true);
  });

  it('buttons and texts break too; elements inside them are kept as they are', async () => {
    renderWithProviders(
      <>
        <Button>確認メールを再送信する</Button>
        <Text>
          メールに記載されたリンクを開いてください。<strong>24時間</strong>
        </Text>
      </>,
    );
    const button = screen.getByRole('button', { name: '確認メールを再送信する' });
    await waitFor(() => expect(button.querySelector('wbr')).not.toBeNull());
    const text = screen.getByText('メールに記載されたリンクを開いてください。');
    expect(text.querySelector('wbr')).not.toBeNull();
    expect(text.querySelector('strong')).toHaveTextContent('24時間');
  });

  it('leaves text without Japanese, and single phrases, alone', async () => {
    const parser = await loadPhraseParser();
    expect(breakPhrases('SMS 2FA', parser)).toBe('SMS 2FA');
    expect(breakPhrases('ログイン', parser)).toBe('ログイン');
  });

  it('a browser with auto-phrase never loads BudouX and renders the text as is', async () => {
    const supports = jest.fn(() => true);
    Object.defineProperty(globalThis, 'CSS', { value: { supports }, configurable: true });
    const loaded = jest.fn();
    try {
      await jest.isolateModulesAsync(async () => {
        jest.doMock('budoux', () => {
          loaded();
          return {};
        });
        const { Heading: FreshHeading } = await import('./primitives');
        const { createRoot } = await import('react-dom/client');
        const { act } = await import('react');
        const container = document.body.appendChild(document.createElement('div'));
        const root = createRoot(container);
        await act(async () => root.render(<FreshHeading>毎日の血圧を記録しましょう。</FreshHeading>));
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
        expect(supports).toHaveBeenCalledWith('word-break', 'auto-phrase');
        expect(container.querySelector('h1')).toHaveTextContent('毎日の血圧を記録しましょう。');
        expect(container.querySelector('wbr')).toBeNull();
        expect(loaded).not.toHaveBeenCalled();
        act(() => root.unmount());
        container.remove();
      });
    } finally {
      delete (globalThis as { CSS?: unknown }).CSS;
    }
  });
});
