/*
 * When points expire (issue 27): the rule written once. The ledger dates each lot with
 * pointLotExpiry; the program's page, the points page and the FAQ explain it with pointExpiryRule.
 * A module of its own (`@sukoyaka/contract/expiry`): a page that explains the rule loads these few
 * hundred bytes, not the incentives area's schemas (about 8 KiB, issue 27's script budget).
 */

/** A program's points last this many months unless the program says otherwise (1–120). */
export const DEFAULT_POINT_EXPIRY_MONTHS = 36;

/** The moment points granted at `grantedAt` expire: the same moment `months` months later. */
export function pointLotExpiry(grantedAt: Date, months: number = DEFAULT_POINT_EXPIRY_MONTHS): Date {
  const expires = new Date(grantedAt);
  expires.setUTCMonth(expires.getUTCMonth() + months);
  return expires;
}

/**
 * The rule as a member reads it. With a program's months: its own period; without (a page about
 * several programs): where each program's period is stated.
 */
export function pointExpiryRule(months?: number): string {
  const period =
    months === undefined
      ? '獲得した日から、ポイントごとに定められた期間（「このポイントについて」に記載）が過ぎると'
      : `獲得した日から${months}か月後に`;
  return `ポイントは、${period}失効します。使うときは、有効期限の近いポイントから使われます。コインに有効期限はありません。`;
}
