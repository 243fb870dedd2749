import { Children, Fragment, useEffect, useSyncExternalStore, type ReactNode } from 'react';

/*
 * Japanese line breaking (issue 7): headings, buttons and labels break between phrases, never
 * leaving one character alone on a line ("しましょ／う。"). Browsers that know
 * `word-break: auto-phrase` do it from the GlobalStyle alone. Elsewhere BudouX finds the phrase
 * boundaries: loaded on first need as its own chunk (browsers with auto-phrase never download it),
 * it puts a <wbr> between phrases while the element keeps words whole (`word-break: keep-all`).
 */

type PhraseParser = { parse: (sentence: string) => string[] };

/** Whether this browser breaks Japanese at phrase boundaries by itself. */
export function supportsAutoPhrase(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('word-break', 'auto-phrase');
}

let parser: PhraseParser | null = null;
let loading: Promise<PhraseParser> | null = null;
const listeners = new Set<() => void>();

/** Loads BudouX's Japanese model once, for every area (mf-shared is loaded once). */
export function loadPhraseParser(): Promise<PhraseParser> {
  // Only the parser and the Japanese model: BudouX's HTML processing (and the DOM library it
  // brings for Node) stays out of the chunk.
  loading ??= import(/* webpackChunkName: "budoux" */ 'budoux').then(({ Parser, jaModel }) => {
    parser = new Parser(jaModel);
    listeners.forEach((listener) => listener());
    return parser;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The parser once loaded, null before; asking starts the load (only where it is needed). */
function usePhraseParser(): PhraseParser | null {
  const needed = !supportsAutoPhrase();
  const current = useSyncExternalStore(
    subscribe,
    () => parser,
    () => null,
  );
  useEffect(() => {
    // Without the parser the text still wraps, only less well: a failed load is not an error.
    if (needed && !current) loadPhraseParser().catch(() => undefined);
  }, [needed, current]);
  return needed ? current : null;
}

// Japanese script: only such text is worth parsing.
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** The text with a <wbr> between its phrases (the text itself unchanged). */
export function breakPhrases(text: string, phraseParser: PhraseParser): ReactNode {
  if (!JAPANESE.test(text)) return text;
  const phrases = phraseParser.parse(text);
  if (phrases.length < 2) return text;
  return phrases.map((phrase, index) => (
    <Fragment key={index}>
      {/* Inline like the text around it, so it adds nothing to an accessible name. */}
      {index > 0 ? <wbr style={{ display: 'inline' }} /> : null}
      {phrase}
    </Fragment>
  ));
}

/**
 * Renders its children with phrase breaks where the browser cannot find them itself: plain
 * strings are broken, elements are left as they are.
 */
export function Phrases({ children }: { children?: ReactNode }) {
  const phraseParser = usePhraseParser();
  if (!phraseParser) return <>{children}</>;
  return <>{Children.map(children, (child) => (typeof child === 'string' ? breakPhrases(child, phraseParser) : child))}</>;
}

/**
 * For a styled primitive's `.attrs`: its text children wrapped in <Phrases>, and the marker that
 * keeps words whole between the breaks in browsers without auto-phrase (GlobalStyle).
 */
export function phraseAttrs({ children }: { children?: ReactNode }) {
  return { children: <Phrases>{children}</Phrases>, 'data-phrases': '' };
}
