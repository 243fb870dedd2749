import { API_PREFIX } from '../define';

/*
 * Taking one's records and leaving the service (issue 24 #15): the download's formats and its
 * address, which the page links to; the query's schema and the calls are the account area's
 * (../account/leave.ts).
 */

/** How long the anonymised ledger and audit entries are kept after a member leaves (accounting practice). */
export const LEAVE_RETENTION_YEARS = 7;

export const memberDataExportFormats = ['json', 'csv'] as const;
export type MemberDataExportFormat = (typeof memberDataExportFormats)[number];
export const memberDataExportFormatLabels: Record<MemberDataExportFormat, string> = {
  json: 'JSON（1つのファイル）',
  csv: 'CSV（種類ごとのファイルをまとめたZIP）',
};

/** GET, with the session cookie: the member's records as one file (JSON, or a ZIP of CSV files). */
export const MEMBER_DATA_EXPORT_PATH = `${API_PREFIX}/files/member-data`;

export function memberDataExportUrl(format: MemberDataExportFormat, includeMyna: boolean): string {
  return `${MEMBER_DATA_EXPORT_PATH}?format=${format}${includeMyna ? '&myna=1' : ''}`;
}
