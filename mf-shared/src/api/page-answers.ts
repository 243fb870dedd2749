import { PAGE_ANSWERS_ELEMENT_ID } from '@sukoyaka/contract';
import { queryString } from './http-client';

/**
 * The answers the server put into the page for its first calls (bff/src/web/site.ts,
 * contract `pageCallsFor`): the page's first screen renders without a round trip after its
 * modules ran. Each answer stands in for one call, once, and only for the page it was made for:
 * while the address is still that page and for a short time after it loaded. Later calls, a
 * refetch, another page ask the bff as usual.
 */

/** How long after the page loaded its answers may stand in for a call. */
export const PAGE_ANSWERS_FRESH_MS = 30_000;

interface PageAnswers {
  path: string;
  answers: Record<string, unknown>;
}

let pageAnswers: PageAnswers | null | undefined;

/**
 * On the server (mf-shared/src/server): the answers of the page being rendered there, read per
 * render. They stand in for every call they answer, with no address or time check: the server
 * renders one page for one request.
 */
let serverAnswers: (() => ServerAnswers | undefined) | null = null;

/** The server render's answers: those made before it, and how to ask for the rest (PageRenderRequest). */
export interface ServerAnswers {
  answers: Record<string, unknown>;
  ask?: (name: string, queryString: string) => Promise<{ answer: unknown } | undefined>;
}

export function answerCallsOnServerWith(source: () => ServerAnswers | undefined): void {
  serverAnswers = source;
}

/**
 * On the server, the answer to a GET call the page's answers do not hold, asked of the bff
 * in-process (issue 28: pages whose calls take input, the operators'); a call it does not answer
 * fails, and its query is left to the client. Never a request of its own, by any client. In the
 * browser: undefined, and the call goes out as usual.
 */
export function askOnServer(name: string, input: unknown): Promise<unknown> | undefined {
  if (!serverAnswers) return undefined;
  const ask = serverAnswers()?.ask;
  return (async () => {
    const asked = ask ? await ask(name, queryString((input ?? {}) as Record<string, unknown>)) : undefined;
    if (!asked) throw new Error(`The server render has no answer to ${name}.`);
    return asked.answer;
  })();
}

function readPageAnswers(): PageAnswers | null {
  if (pageAnswers === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
    try {
      pageAnswers = text ? (JSON.parse(text) as PageAnswers) : null;
    } catch {
      // Unreadable: every call asks the bff, as without it.
      pageAnswers = null;
    }
  }
  return pageAnswers;
}

const withoutInput = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'object' && Object.keys(input).length === 0);

/** The page's answer to the GET call `name`, if it has one still to use: `{ answer }`, else undefined. */
export function takePageAnswer(name: string, input: unknown): { answer: unknown } | undefined {
  if (serverAnswers) {
    const answers = serverAnswers()?.answers;
    return answers && withoutInput(input) && Object.hasOwn(answers, name) ? { answer: answers[name] } : undefined;
  }
  const page = readPageAnswers();
  if (!page || !withoutInput(input) || !Object.hasOwn(page.answers, name)) return undefined;
  if (window.location.pathname !== page.path || performance.now() > PAGE_ANSWERS_FRESH_MS) {
    // The member has moved on: what the page carried is no longer theirs to show.
    pageAnswers = null;
    return undefined;
  }
  const answer = page.answers[name];
  delete page.answers[name];
  return { answer };
}

/** Forgets the page's answers (tests; a new page is a new document). */
export function resetPageAnswers(): void {
  pageAnswers = undefined;
}
