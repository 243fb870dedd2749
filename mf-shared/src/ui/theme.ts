import { createGlobalStyle, css } from 'styled-components';

/** Spec §9: breakpoints, 8 px spacing, mobile below 768 px. */
export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const MOBILE_BREAKPOINT = 768;
export const SPACING_UNIT = 8;

export const theme = {
  breakpoints,
  mobileBreakpoint: MOBILE_BREAKPOINT,
  spacing: (...units: number[]) => units.map((unit) => `${unit * SPACING_UNIT}px`).join(' '),
  colors: {
    primary: '#0b6e4f',
    primaryDark: '#08523b',
    primaryLight: '#e3f3ec',
    text: '#1f2328',
    textMuted: '#57606a',
    border: '#d0d7de',
    background: '#f6f8f7',
    surface: '#ffffff',
    danger: '#b42318',
    dangerLight: '#fdecea',
    focus: '#1a73e8',
  },
  radius: '8px',
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
    line-height: 1.7;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    word-break: normal;
    overflow-wrap: anywhere;
    line-break: strict;
  }
  a { color: ${theme.colors.primary}; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  button, input, select, textarea { font: inherit; }
  /*
   * Japanese breaks between phrases, never leaving one character alone on a line: headings,
   * buttons, labels and the short texts of the shared primitives (marked data-phrases).
   */
  h1, h2, h3, h4, h5, h6, button, label, legend, [data-phrases] {
    word-break: auto-phrase;
    text-wrap: pretty;
  }
  /* Without auto-phrase, words stay whole and BudouX's <wbr> (ui/phrases.tsx) give the breaks. */
  @supports not (word-break: auto-phrase) {
    [data-phrases] { word-break: keep-all; overflow-wrap: anywhere; }
  }
`;
