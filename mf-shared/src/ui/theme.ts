import { createGlobalStyle, css } from 'styled-components';

/** Spec §9: breakpoints, 8 px spacing, mobile below 768 px. */
export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const MOBILE_BREAKPOINT = 768;
export const SPACING_UNIT = 8;

/*
 * The design tokens (issue 27): colour, type, spacing, radii and elevation. Parts take their look
 * from here, never from literals, so the site changes in one place. Every text colour keeps WCAG
 * AA contrast (4.5:1) on the surfaces it is used on; theme.test.ts measures each pair.
 */
const colors = {
  /** The brand: links, primary buttons, the logo. */
  primary: '#0b6e4f',
  primaryDark: '#08523b',
  primaryLight: '#e3f3ec',
  /** Text and icons on a primary (or status) fill. */
  onPrimary: '#ffffff',
  /** Text levels: body, secondary. */
  text: '#1f2328',
  textMuted: '#57606a',
  border: '#d0d7de',
  /** Surfaces, lowest first: the page, a card, a recessed well (placeholders, skeletons). */
  background: '#f6f8f7',
  surface: '#ffffff',
  surfaceMuted: '#e8edeb',
  /** Status colours: the strong one for text and fills, the light one for a tinted background. */
  danger: '#b42318',
  dangerLight: '#fdecea',
  success: '#17702f',
  successLight: '#e6f4ea',
  warning: '#8a4b00',
  warningLight: '#fff4e0',
  info: '#0b5cad',
  infoLight: '#e7f0fb',
  focus: '#1a73e8',
  /** Behind a dialog. */
  scrim: 'rgba(31, 35, 40, 0.55)',
} as const;

/** The type scale (rem of the 16 px body), smallest first. */
const fontSizes = {
  caption: '0.75rem',
  hint: '0.8125rem',
  small: '0.875rem',
  label: '0.9375rem',
  body: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  xxl: '1.5rem',
  /** The figure a card is about (a balance, today's steps). */
  display: '2rem',
  /** A status page's code (404). */
  hero: '3rem',
} as const;

export const theme = {
  breakpoints,
  mobileBreakpoint: MOBILE_BREAKPOINT,
  spacing: (...units: number[]) => units.map((unit) => `${unit * SPACING_UNIT}px`).join(' '),
  colors,
  fontSizes,
  fontWeights: { regular: 400, bold: 700, heavy: 800 },
  lineHeights: { tight: 1.25, heading: 1.4, body: 1.7 },
  /** The default corner (controls, notices); `radii` for the others. */
  radius: '8px',
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  /** Shadows, lowest first: a card on the page, something raised (a menu), a dialog. */
  elevation: {
    card: '0 1px 2px rgba(31, 35, 40, 0.06), 0 1px 3px rgba(31, 35, 40, 0.1)',
    raised: '0 4px 12px rgba(31, 35, 40, 0.14)',
    overlay: '0 12px 32px rgba(0, 0, 0, 0.24)',
  },
  /** The smallest target a finger hits reliably (WCAG 2.5.5). */
  touchTarget: '44px',
  fontFamily:
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic UI", Meiryo, system-ui, sans-serif',
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

/** Media query for widths from a breakpoint up, e.g. `${up('md')} { ... }`. */
export const up = (name: keyof typeof breakpoints) => `@media (min-width: ${breakpoints[name]}px)`;
export const mobileOnly = `@media (max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fontFamily};
    font-size: 16px;
    line-height: ${theme.lineHeights.body};
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    /*
     * Japanese breaks between phrases on every page, never inside one (「こんにちは」, 「腹囲（実測）」,
     * 「日本動脈硬化学会」): set once here and inherited by every heading, label, cell and line.
     * Browsers without auto-phrase ignore it and break as before (normal); a phrase longer than
     * its line still breaks (overflow-wrap), so nothing overflows.
     */
    word-break: normal;
    word-break: auto-phrase;
    overflow-wrap: anywhere;
    line-break: strict;
  }
  a { color: ${theme.colors.primary}; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  button, input, select, textarea { font: inherit; }
  /*
   * Headings, buttons, labels and the short texts of the shared primitives (marked data-phrases)
   * also never leave one character alone on their last line.
   */
  h1, h2, h3, h4, h5, h6, button, label, legend, dt, th, caption, [data-phrases] {
    word-break: auto-phrase;
    text-wrap: pretty;
  }
  /* Without auto-phrase, words stay whole and BudouX's <wbr> (ui/phrases.tsx) give the breaks. */
  @supports not (word-break: auto-phrase) {
    [data-phrases] { word-break: keep-all; overflow-wrap: anywhere; }
  }
`;
