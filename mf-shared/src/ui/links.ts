/**
 * Where the footer's outside links go. The operator's corporate pages live on its own site;
 * they open in a new tab (spec §2).
 */
export const externalLinks = {
  privacyPolicy: 'https://www.sukoyaka.example/privacy',
  operatingCompany: 'https://www.sukoyaka.example/company',
  disclosureRequest: 'https://www.sukoyaka.example/privacy/disclosure',
} as const;

export const PRODUCT_NAME = 'すこやか';
export const COPYRIGHT = '© 2026 Sukoyaka Inc.';
