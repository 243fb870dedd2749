/* The contact form's (/inquiry/new) choices and limit; its schema is the content area's (../content/inquiries.ts). */

export const inquiryCategories = ['account', 'points', 'health', 'myna', 'other'] as const;
export type InquiryCategory = (typeof inquiryCategories)[number];
export const inquiryCategoryLabels: Record<InquiryCategory, string> = {
  account: 'アカウント・ログインについて',
  points: 'コイン・ポイントについて',
  health: '健康記録について',
  myna: 'マイナポータル連携について',
  other: 'その他',
};

export const INQUIRY_BODY_MAX = 2000;
