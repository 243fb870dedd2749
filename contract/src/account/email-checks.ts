import { z } from 'zod/mini';
import { documented } from '../documented';
import { EMAIL_DOCUMENTATION, emailAddress } from '../fields';

/*
 * Checks of an address a member gives as their own (sign-up, e-mail change) beyond its format:
 * the shape of the domain, and the slips of the keyboard that most often send a verification
 * mail nowhere. They never ask whether the address is registered.
 */

/** Domains members mistype, and what they meant (Japanese carriers and the big free mail services). */
export const DOMAIN_TYPOS: Readonly<Record<string, string>> = {
  'gmial.com': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'gmal.com': 'gmail.com',
  'gmail.co': 'gmail.com',
  'gmail.cm': 'gmail.com',
  'gmail.co.jp': 'gmail.com',
  'gmail.jp': 'gmail.com',
  'yahoo.co.jo': 'yahoo.co.jp',
  'yahoo.co.j': 'yahoo.co.jp',
  'yaho.co.jp': 'yahoo.co.jp',
  'yahooo.co.jp': 'yahoo.co.jp',
  'yahoo.jp': 'yahoo.co.jp',
  'docomo.co.jp': 'docomo.ne.jp',
  'docomo.ne.j': 'docomo.ne.jp',
  'docono.ne.jp': 'docomo.ne.jp',
  'ezweb.co.jp': 'ezweb.ne.jp',
  'ezweb.jp': 'ezweb.ne.jp',
  'au.co.jp': 'au.com',
  'softbank.co.jp': 'softbank.ne.jp',
  'i.softbank.co.jp': 'i.softbank.jp',
  'icloud.co': 'icloud.com',
  'icloud.cm': 'icloud.com',
  'iclod.com': 'icloud.com',
  'outlook.co': 'outlook.com',
  'outlook.co.jp': 'outlook.jp',
  'hotmial.com': 'hotmail.com',
};

/** Endings that are no top-level domain but a slip next to a real one. */
const ENDING_TYPOS: ReadonlyArray<[RegExp, string]> = [
  [/\.con$/, '.com'],
  [/\.cmo$/, '.com'],
  [/\.ocm$/, '.com'],
  [/\.co\.jo$/, '.co.jp'],
  [/\.ne\.jo$/, '.ne.jp'],
  [/\.or\.jo$/, '.or.jp'],
  [/\.jpp$/, '.jp'],
];

/** What is wrong with the domain of a well-formed address, or null. */
export function emailDomainProblem(email: string, label = 'メールアドレス'): string | null {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  if (labels.some((part) => part.length === 0 || part.length > 63 || part.startsWith('-') || part.endsWith('-'))) {
    return `${label}のドメイン「${domain}」が正しくありません`;
  }
  if (!/^[a-z]{2,}$|^xn--[a-z0-9-]+$/.test(labels[labels.length - 1]!)) return `${label}のドメイン「${domain}」が正しくありません`;
  const suggestion =
    DOMAIN_TYPOS[domain] ??
    ENDING_TYPOS.reduce<string | null>((found, [ending, fix]) => found ?? (ending.test(domain) ? domain.replace(ending, fix) : null), null);
  if (suggestion) return `${label}のドメイン「${domain}」をご確認ください。「${suggestion}」ではありませんか？`;
  return null;
}

/** An address the member gives as their own: the format, then the domain checks above. */
export function ownEmailAddress(label = 'メールアドレス') {
  const format = z.email();
  return documented(
    emailAddress(label).check(
      z.superRefine((value, ctx) => {
        // zod runs this refinement after a failed format check too: one message at a time.
        if (!format.safeParse(value).success) return;
        const problem = emailDomainProblem(value, label);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    (toJson) => ({ ...EMAIL_DOCUMENTATION(toJson), ...OWN_DOMAIN_DOCUMENTATION }),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * emailDomainProblem in JSON Schema, on the address in lower case (the canonical form: the server
 * lower-cases it first): labels of 1–63 characters not starting or ending with a hyphen, a
 * top-level domain of letters or an xn-- label, and none of the typo domains or endings above.
 */
const OWN_DOMAIN_DOCUMENTATION = {
  allOf: [{ pattern: '@((?!-)[a-z0-9-]{1,63}(?<!-)\\.)+([a-z]{2,}|xn--[a-z0-9-]+)$' }],
  not: {
    pattern: `@(${Object.keys(DOMAIN_TYPOS).map(escapeRegExp).join('|')})$|(${ENDING_TYPOS.map(([ending]) => ending.source.replace(/\$$/, '')).join('|')})$`,
  },
  description:
    'An address of your own: the domain in lower case, no well-known typo of a mail domain (gmial.com, .con, …) — the server suggests the fix.',
};

/** A token from a mail link (`token=` of the link). */
export const mailLinkToken = z
  .string({ error: 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。' })
  .check(
    z.trim(),
    z.minLength(1, 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。'),
    z.maxLength(200, 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。'),
  );
