import type { ArticleCategory, CallOutput } from '@sukoyaka/contract';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { articles } from '../db/schema';
import { readLatestCheckup, type CheckupValues } from '../platform/checkup-source';
import type { Member } from '../platform/handlers';
import type { SessionRow } from '../platform/sessions';
import { articleDue, summariesOf, type ArticleRow } from './articles';

/*
 * Home's recommended articles (issue 29, decision 0030): chosen here, on the server, from the
 * member's latest check-up as the My Number area lets it be read (platform/checkup-source.ts: a
 * fresh secret-question answer, the read audited with its purpose). Nothing leaves the service.
 *
 * A value at or beyond the 保健指導判定値 of 特定健診 (MHLW, 第4期; the table in
 * /work/shared/reference/tokutei-kenshin-thresholds.md) is a finding; those at the 受診勧奨判定値
 * come first. The first finding names the reason line; its category's articles come first.
 */

export const RECOMMENDATIONS = 3;

interface Finding {
  category: ArticleCategory;
  /** What the reason line names: 「健診の<label>の結果から」. */
  label: string;
  /** True at the 受診勧奨判定値 (see a doctor), false at the 保健指導判定値 only. */
  urgent: boolean;
}

type Rule = {
  category: ArticleCategory;
  label: string;
  value: (c: CheckupValues) => number | null;
  guidance: number;
  urgent: number | null;
  below?: boolean;
};

/** The thresholds of the reference table, in the order findings are named. */
const RULES: Rule[] = [
  { category: 'lipids', label: 'LDL コレステロール', value: (c) => c.ldl, guidance: 120, urgent: 140 },
  { category: 'lipids', label: '中性脂肪', value: (c) => c.triglycerides, guidance: 150, urgent: 300 },
  { category: 'lipids', label: 'HDL コレステロール', value: (c) => c.hdl, guidance: 39, urgent: null, below: true },
  { category: 'blood_pressure', label: '血圧', value: (c) => c.systolic, guidance: 130, urgent: 140 },
  { category: 'blood_pressure', label: '血圧', value: (c) => c.diastolic, guidance: 85, urgent: 90 },
  { category: 'blood_sugar', label: 'HbA1c', value: (c) => c.hba1c, guidance: 5.6, urgent: 6.5 },
  { category: 'blood_sugar', label: '血糖', value: (c) => c.fastingGlucose, guidance: 100, urgent: 126 },
];

/** The findings of one check-up, those at the 受診勧奨判定値 first (stable otherwise). */
export function checkupFindings(checkup: CheckupValues): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) {
    const value = rule.value(checkup);
    if (value === null) continue;
    if (rule.below ? value <= rule.guidance : value >= rule.guidance) {
      findings.push({ category: rule.category, label: rule.label, urgent: rule.urgent !== null && value >= rule.urgent });
    }
  }
  // eGFR below 60 (受診勧奨 below 45).
  if (checkup.egfr !== null && checkup.egfr < 60) findings.push({ category: 'kidney', label: 'eGFR', urgent: checkup.egfr < 45 });
  if (checkup.smoker) findings.push({ category: 'smoking', label: '問診（喫煙）', urgent: false });
  return findings.sort((a, b) => Number(b.urgent) - Number(a.urgent));
}

/** 「健診の LDL コレステロールの結果から」: a space between Latin letters and Japanese, as the issue writes it. */
export function reasonOf(finding: Finding): string {
  if (finding.label.startsWith('問診')) return `健診の${finding.label}から`;
  const before = /^[A-Za-z]/.test(finding.label) ? ' ' : '';
  const after = /[A-Za-z0-9]$/.test(finding.label) ? ' ' : '';
  return `健診の${before}${finding.label}${after}の結果から`;
}

/** The newest visible articles (of these categories), each audience one ordered index range, at most `limit` of each. */
async function newestVisible(
  db: Database,
  member: Member,
  now: Date,
  categories: ArticleCategory[] | null,
  limit: number,
): Promise<ArticleRow[]> {
  const rangeOf = (scope: SQL) =>
    db
      .select()
      .from(articles)
      .where(and(scope, articleDue(now), categories ? inArray(articles.category, categories) : undefined))
      .orderBy(desc(articles.publishFrom), desc(articles.id))
      .limit(limit);
  const rows = [...(await rangeOf(isNull(articles.associationId)))];
  if (member.associationId) rows.push(...(await rangeOf(eq(articles.associationId, member.associationId))));
  return rows.sort((a, b) => b.publishFrom.getTime() - a.publishFrom.getTime() || (b.id < a.id ? -1 : 1));
}

export async function getArticleRecommendations(
  db: Database,
  member: Member,
  session: SessionRow,
  now: Date,
): Promise<CallOutput<'getArticleRecommendations'>> {
  const latest = await readLatestCheckup({ db, userId: member.id, session, now, purpose: 'article_recommendations' });
  const findings = latest.status === 'available' ? checkupFindings(latest.checkup) : [];
  if (findings.length > 0) {
    const order = [...new Set(findings.map((finding) => finding.category))];
    const rows = (await newestVisible(db, member, now, order, 20)).sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
    const first = rows[0];
    if (first) {
      // The reason names the first finding whose category has an article to show.
      const finding = findings.find((candidate) => candidate.category === first.category)!;
      return { basis: 'checkup', reason: reasonOf(finding), items: await summariesOf(db, member.id, rows.slice(0, RECOMMENDATIONS)) };
    }
  }
  const rows = await newestVisible(db, member, now, null, RECOMMENDATIONS);
  return {
    basis: latest.status === 'secretQuestionRequired' ? 'secretQuestionRequired' : 'none',
    reason: null,
    items: await summariesOf(db, member.id, rows.slice(0, RECOMMENDATIONS)),
  };
}
