// The page's words for sources, days and risks.
import type { ForecastInputSource, TenYearRisk } from '@sukoyaka/contract';
import { peopleOfHundred } from '@sukoyaka/contract/forecast';
import { japaneseDate } from '@sukoyaka/shared';
import type { Origin } from './draft';

const SOURCE_LABELS: Readonly<Record<ForecastInputSource, string>> = {
  checkup: '健診',
  vitals: '血圧の記録',
  profile: '登録の生年月日',
  saved: '保存した入力',
  manual: '入力',
};

/** 「健診 2026年5月12日」「入力」: where a value came from, and the day it is of (the site's one date format). */
export function originLabel(origin: Origin | undefined): string {
  if (!origin) return '未入力';
  const label = SOURCE_LABELS[origin.source];
  return origin.on && origin.source !== 'manual' && origin.source !== 'profile' ? `${label} ${japaneseDate(origin.on)}` : label;
}

/** 「9.1%」or「1.0%未満」. */
export const riskText = (risk: TenYearRisk) => (risk.belowOne ? '1.0%未満' : `${risk.percent.toFixed(1)}%`);

/** 「100人のうち約9人」or「100人のうち1人未満」. */
export function peopleText(risk: TenYearRisk): string {
  const people = peopleOfHundred(risk);
  return risk.belowOne || people === 0 ? '100人のうち1人未満' : `100人のうち約${people}人`;
}

/** 2026-11-23T01:02:03Z → 2026年11月23日 10:02 (Japan time). */
export function formatSavedAt(iso: string): string {
  const japan = new Date(new Date(iso).getTime() + 9 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${japan.getUTCFullYear()}年${japan.getUTCMonth() + 1}月${japan.getUTCDate()}日 ${pad(japan.getUTCHours())}:${pad(japan.getUTCMinutes())}`;
}
