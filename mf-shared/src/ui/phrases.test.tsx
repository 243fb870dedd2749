import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { breakPhrases, loadPhraseParser, supportsAutoPhrase } from './phrases';
import { LinkRow } from './LinkRow';
import { Button, Heading, KeyFigure, Label, SectionHeading, Text } from './primitives';
import { GlobalStyle } from './theme';
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

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
    jest.useFakeTimers({ advanceTimers: true });
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
        // Whatever the render started (a load, a timer) runs out before the checks: no waiting.
        await act(() => jest.runAllTimersAsync());
        expect(supports).toHaveBeenCalledWith('word-break', 'auto-phrase');
        expect(container.querySelector('h1')).toHaveTextContent('毎日の血圧を記録しましょう。');
        expect(container.querySelector('wbr')).toBeNull();
        expect(loaded).not.toHaveBeenCalled();
        act(() => root.unmount());
        container.remove();
      });
    } finally {
      jest.useRealTimers();
      delete (globalThis as { CSS?: unknown }).CSS;
    }
  });
});

// Issue 27: the shared heading and label parts break between phrases once, for every page.
describe('phrase-aware breaks in the shared heading and label parts', () => {
  const phrasesOf = (element: Element) => element.innerHTML.replace(/<(?!wbr)[^>]+>/g, '').split(/<wbr[^>]*>/);

  it.each([
    ['a section heading', <SectionHeading key="h">腹囲（実測）の推移</SectionHeading>, 'heading'],
    ['a label', <Label key="l">腹囲（実測）を入力してください</Label>, 'label'],
    ['a key figure’s label', <KeyFigure key="k" label="今日の歩数の目標まであと" value="1,000" unit="歩" />, 'figure'],
    [
      'a destination row',
      <LinkRow key="r" href="/profile">
        プロフィールとお届け先住所
      </LinkRow>,
      'link',
    ],
  ])('%s gets <wbr> between phrases where the browser cannot find them', async (_name, part, kind) => {
    const { container } = renderWithProviders(<>{part}</>);
    const marked = container.querySelector('[data-phrases]');
    expect(marked).not.toBeNull();
    await waitFor(() => expect(marked!.querySelector('wbr')).not.toBeNull());
    // Never inside a phrase: the words the text holds come out whole.
    const phrases = phrasesOf(marked!);
    expect(phrases.length).toBeGreaterThan(1);
    const words = ['腹囲', '（実測）', '歩数', '目標', 'プロフィール', 'お届け先住所'].filter((word) => phrases.join('').includes(word));
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) expect(phrases.some((phrase) => phrase.includes(word))).toBe(true);
    if (kind === 'link') expect(screen.getByRole('link', { name: 'プロフィールとお届け先住所' })).toBeInTheDocument();
  });

  it('the global style asks for phrase breaks on the whole page, headings and labels included', () => {
    // The style as the server would write it: styled-components' own sheet, not jsdom's CSSOM.
    const sheet = new ServerStyleSheet();
    renderToStaticMarkup(sheet.collectStyles(<GlobalStyle />));
    const css = sheet.getStyleTags();
    sheet.seal();
    expect(css).toMatch(/body\s*\{[^}]*word-break:\s*auto-phrase/);
    expect(css).toMatch(/h1,\s*h2,[^{]*\bdt,\s*th,[^{]*\{[^}]*word-break:\s*auto-phrase/);
  });
});
