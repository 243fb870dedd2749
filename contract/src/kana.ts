/*
 * Japanese text as a reader compares it (issue 27): the one place where width and kana are
 * folded, for both sides of a comparison — the secret question's answer (the browser's check of
 * the answer typed twice and the bff's hash), the FAQ search (the word and the text).
 */

// ァ–ヶ and the iteration marks ヽヾ: each is its hiragana's code point + 0x60.
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;

/**
 * NFKC (full-width letters and digits to ASCII, half-width katakana to full-width: 「ｶﾜｻｷ」 →
 * 「カワサキ」, 「ﾎﾟﾁ」 → 「ポチ」), then katakana to hiragana (「カワサキ」 → 「かわさき」). Case and
 * spaces are left as they are.
 */
export function foldKana(value: string): string {
  return value.normalize('NFKC').replace(KATAKANA, (character) => String.fromCharCode(character.charCodeAt(0) - 0x60));
}

/** foldKana, lower case, and runs of white space (an ideographic space too) as one space, trimmed: 「 ＰＯＣＨＩ ポチ 」 → 「pochi ぽち」. */
export function foldForComparison(value: string): string {
  return foldKana(value).toLowerCase().replace(/\s+/gu, ' ').trim();
}
