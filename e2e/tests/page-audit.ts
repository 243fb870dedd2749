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

/** A table cell or list row narrower than a phrase it holds, so the phrase is split inside (or sticks out). */
export interface NarrowCell {
  /** The column's heading and the start of the cell's text. */
  cell: string;
  /** The widest phrase of the cell, as the browser keeps it whole when it may. */
  phrase: string;
  phraseWidth: number;
  /** The width the cell gives its text. */
  cellWidth: number;
}

/**
 * Issue 27: a console column must not break a word where it need not. For every visible cell of a
 * table and row of a list in `main`, a hidden copy of its content is laid out at its min-content width with
 * `overflow-wrap: normal` — each line then holds one phrase kept whole by `word-break:
 * auto-phrase`, the narrowest the cell could be without splitting one — and compared with the width
 * the cell has. The body's `overflow-wrap: anywhere` lets a too-narrow cell split a phrase instead
 * of overflowing, which is what this finds; a phrase wider than the table's visible box (or its list)
 * has to break and is not counted. `measured` is every cell's text (start), to show the
 * check had something to look at.
 */
export async function narrowCells(page: Page): Promise<{ cells: NarrowCell[]; measured: string[] }> {
  return page.evaluate(() => {
    const cells: { cell: string; phrase: string; phraseWidth: number; cellWidth: number }[] = [];
    const measured: string[] = [];
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    /** The widest line of the copy: its characters grouped by line, each line's extent. */
    const widestLine = (probe: HTMLElement) => {
      const lines = new Map<number, { text: string; left: number; right: number }>();
      const walker = document.createTreeWalker(probe, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let index = 0; index < node.data.length; index += 1) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const box = range.getBoundingClientRect();
          if (box.width === 0) continue;
          const key = Math.round(box.top / 4);
          const line = lines.get(key) ?? { text: '', left: box.left, right: box.right };
          line.text += node.data[index];
          line.left = Math.min(line.left, box.left);
          line.right = Math.max(line.right, box.right);
          lines.set(key, line);
        }
      }
      let widest = { text: '', width: 0 };
      for (const line of lines.values())
        if (line.right - line.left > widest.width) widest = { text: squash(line.text), width: line.right - line.left };
      return widest;
    };
    // A table's cells and a list's rows, of the page shown (not of an area kept mounted but inert).
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('main th, main td, main li'))) {
      if (cell.closest('[inert]') || cell.getClientRects().length === 0) continue;
      const name = squash(cell.textContent ?? '').slice(0, 30);
      if (!name) continue;
      const style = getComputedStyle(cell);
      const cellWidth = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const probe = document.createElement('div');
      probe.setAttribute('aria-hidden', 'true');
      probe.style.cssText =
        'position:absolute;left:0;top:0;visibility:hidden;pointer-events:none;width:min-content;overflow-wrap:normal;padding:0;margin:0;border:0';
      for (const child of Array.from(cell.childNodes)) probe.appendChild(child.cloneNode(true));
      cell.appendChild(probe);
      const phraseWidth = probe.getBoundingClientRect().width;
      measured.push(name);
      // A phrase wider than the whole table's visible box (or the list) may break: it needs to.
      const frame = cell.closest('table')?.parentElement ?? cell.parentElement ?? cell;
      if (phraseWidth > cellWidth + 0.5 && phraseWidth <= frame.clientWidth) {
        // A body cell is named by its column's heading too.
        const heading =
          cell instanceof HTMLTableCellElement && !cell.closest('thead')
            ? cell.closest('table')?.querySelectorAll('thead th')[cell.cellIndex]
            : undefined;
        const column = squash(heading?.textContent ?? '');
        cells.push({
          cell: column ? `${column}: ${name}` : name,
          phrase: widestLine(probe).text,
          phraseWidth: Math.round(phraseWidth),
          cellWidth: Math.round(cellWidth),
        });
      }
      probe.remove();
    }
    return { cells, measured };
  });
}
