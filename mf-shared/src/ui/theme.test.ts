import { theme } from './theme';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('the design tokens (issue 27)', () => {
  const { colors } = theme;
  // Every text colour on every surface it is used on: WCAG AA for body text, 4.5:1.
  const pairs: [string, string, string][] = [
    ['text on surface', colors.text, colors.surface],
    ['text on the page', colors.text, colors.background],
    ['text on a well', colors.text, colors.surfaceMuted],
    ['secondary text on surface', colors.textMuted, colors.surface],
    ['secondary text on the page', colors.textMuted, colors.background],
    ['secondary text on a well', colors.textMuted, colors.surfaceMuted],
    ['links on surface', colors.primary, colors.surface],
    ['links on the page', colors.primary, colors.background],
    ['links in a notice', colors.primary, colors.primaryLight],
    ['text in a notice', colors.text, colors.primaryLight],
    ['on a primary button', colors.onPrimary, colors.primary],
    ['dark brand on its tint', colors.primaryDark, colors.primaryLight],
    ['danger on its tint', colors.danger, colors.dangerLight],
    ['danger on surface', colors.danger, colors.surface],
    ['on a danger fill', colors.onPrimary, colors.danger],
    ['success on its tint', colors.success, colors.successLight],
    ['on a success fill', colors.onPrimary, colors.success],
    ['warning on its tint', colors.warning, colors.warningLight],
    ['on a warning fill', colors.onPrimary, colors.warning],
    ['info on its tint', colors.info, colors.infoLight],
    ['on an info fill', colors.onPrimary, colors.info],
  ];

  it.each(pairs)('%s reaches 4.5:1', (_name, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring stands out from the page and a card (3:1, WCAG 1.4.11)', () => {
    expect(contrast(colors.focus, colors.surface)).toBeGreaterThanOrEqual(3);
    expect(contrast(colors.focus, colors.background)).toBeGreaterThanOrEqual(3);
  });

  it('spacing is on the 8 px unit', () => {
    expect(theme.spacing(1)).toBe('8px');
    expect(theme.spacing(2, 0.5)).toBe('16px 4px');
  });
});
