import { foldForComparison, foldKana } from './kana';

describe('foldKana / foldForComparison (issue 27: kana and width differences are one answer)', () => {
  it.each([
    ['カワサキ', 'かわさき'],
    ['ｶﾜｻｷ', 'かわさき'],
    ['かわさき', 'かわさき'],
    ['ポチ', 'ぽち'],
    ['ﾎﾟﾁ', 'ぽち'],
    ['ヴァイオリン', 'ゔぁいおりん'],
    ['ヶ月', 'ゖ月'],
    ['コーヒー', 'こーひー'],
    ['ＡＢＣ１２３', 'ABC123'],
    ['川崎', '川崎'],
  ])('%s → %s', (typed, folded) => {
    expect(foldKana(typed)).toBe(folded);
  });

  it('makes カワサキ, かわさき, ｶﾜｻｷ and their spacing and case the same', () => {
    const forms = ['カワサキ', 'かわさき', 'ｶﾜｻｷ', ' かわさき ', 'カワ　サキ'].map(foldForComparison);
    expect(new Set(forms.slice(0, 4))).toEqual(new Set(['かわさき']));
    expect(forms[4]).toBe('かわ さき');
    expect(foldForComparison('Ｐｏｃｈｉ')).toBe('pochi');
  });

  it('keeps what differs for a reader different', () => {
    expect(foldForComparison('かわさき')).not.toBe(foldForComparison('かわざき'));
    expect(foldForComparison('はな')).not.toBe(foldForComparison('ばな'));
  });
});
