import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/*
 * Issue 27: what holds on every page must stay proven — no axe violation, and nothing wider than
 * a 320 px phone. The crawls (reachability.test.ts, the console's) call these on each page they
 * open, at each width, without loading the page again.
 */

// axe-core's browser build (the e2e workspace's devDependency), evaluated as it is: the site's
// Content-Security-Policy refuses an injected <script>, not DevTools' own evaluation.
const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, short enough to read in a failure message. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResultLike {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Every axe violation of the page as it is now (every rule axe runs by default, every impact). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    // Only what the member can reach: an area kept mounted but inert (single-spa's way out) is not on screen.
    return axe.run({ exclude: [['[inert]']] }, { resultTypes: ['violations'] });
  });
  return (result as AxeResultLike).violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
  }));
}

/** One element that reaches past the viewport's edge. */
export interface Overflow {
  element: string;
  left: number;
  right: number;
  text: string;
}

/**
 * What makes the page scroll sideways: the document wider than the window, or any visible element
 * whose box reaches past either edge. An element inside a container that clips or scrolls sideways
 * (a wide table in its scroll box) is that container's business: only the container is measured.
 */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; elements: Overflow[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipsSideways = (element: Element) => {
      const overflowX = getComputedStyle(element).overflowX;
      return overflowX !== 'visible';
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
      return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''}`;
    };
    const elements: { element: string; left: number; right: number; text: string }[] = [];
    const walk = (element: Element) => {
      for (const child of Array.from(element.children)) {
        if (child.closest('[inert]')) continue;
        const style = getComputedStyle(child);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const box = child.getBoundingClientRect();
        // Half a pixel of rounding is not an overflow; a clipped 1 px box (visually hidden) is not seen.
        if (box.width > 1 && box.height > 1 && (box.right > width + 0.5 || box.left < -0.5)) {
          elements.push({
            element: describe(child),
            left: Math.round(box.left),
            right: Math.round(box.right),
            text: (child.textContent ?? '').trim().slice(0, 40),
          });
        }
        if (!clipsSideways(child)) walk(child);
      }
    };
    walk(document.body);
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: width, elements: elements.slice(0, 10) };
  });
}

/** How a phrase fared when its line was narrowed: the widths at which it was split across lines. */
export interface PhraseCheck {
  phrase: string;
  /** Widths (px) of the phrase's block at which the phrase's characters sat on two lines. */
  splitAt: number[];
  /** Whether the block wrapped at all while narrowed (the check had something to prove). */
  wrapped: boolean;
}

/**
 * Issue 27: Japanese breaks between phrases, never inside one. For each phrase found on the page,
 * its characters must sit on one line at the page's own layout (a table cell too narrow for it
 * fails here), then as its block is narrowed step by step down to the phrase's own width (a phrase
 * wider than its line may break). `wrapped` says whether the narrowing made the block wrap.
 */
export async function phraseBreaks(page: Page, phrases: readonly string[]): Promise<PhraseCheck[]> {
  return page.evaluate((wanted) => {
    const checks: { phrase: string; splitAt: number[]; wrapped: boolean }[] = [];
    const lineTops = (node: Text, start: number, end: number) => {
      const tops = new Set<number>();
      const range = document.createRange();
      for (let index = start; index < end; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) tops.add(Math.round(box.top / 4));
      }
      return tops.size;
    };
    for (const phrase of wanted) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let node: Text | null = null;
      for (let current = walker.nextNode(); current; current = walker.nextNode()) {
        const parent = current.parentElement;
        if (!parent || parent.closest('[inert], [aria-hidden="true"]') || !(current as Text).data.includes(phrase)) continue;
        if (parent.getClientRects().length === 0) continue;
        node = current as Text;
        break;
      }
      if (!node) continue;
      let block: HTMLElement = node.parentElement!;
      while (getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
      const start = node.data.indexOf(phrase);
      const end = start + phrase.length;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      const phraseWidth = Math.ceil(range.getBoundingClientRect().width);
      const saved = block.getAttribute('style');
      const check = { phrase, splitAt: [] as number[], wrapped: false };
      for (let width = Math.ceil(block.getBoundingClientRect().width); width > phraseWidth + 2; width -= 3) {
        block.style.setProperty('width', `${width}px`, 'important');
        block.style.setProperty('min-width', '0', 'important');
        block.style.setProperty('max-width', 'none', 'important');
        if (lineTops(node, start, end) > 1) check.splitAt.push(width);
        if (lineTops(node, 0, node.data.length) > 1) check.wrapped = true;
      }
      if (saved === null) block.removeAttribute('style');
      else block.setAttribute('style', saved);
      checks.push(check);
    }
    return checks;
  }, phrases);
}
