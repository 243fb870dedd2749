/** 身長 as typed (full-width digits and a full-width point allowed) → the call's value; blank → null. */
export function heightFromText(text: string): number | null {
  const value = text.normalize('NFKC').trim();
  return value === '' ? null : Number(value);
}

/** 170.5 → 「170.5 cm」, 170 → 「170 cm」. */
export function formatHeight(height: number): string {
  return `${Number.isInteger(height) ? height : height.toFixed(1)} cm`;
}

export const HEIGHT_HINT = '100.0〜250.0cm、小数点以下1桁まで。体重のページのBMIの目安に使います。';
