import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { isoTimestamp, nullableTimestamp } from '../fields';
import { recordId } from './org-verification';

/*
 * The association's documents a member agrees to, each versioned (the highest version is the
 * current one): its terms of use, which must be agreed to use the service, and the consent to
 * provide the member's health data to the association, which is optional and can be withdrawn.
 */

export const agreementKinds = ['association_terms', 'privacy_provision'] as const;
export type AgreementKind = (typeof agreementKinds)[number];

/** Which kinds must be agreed before the member may use the service. */
export const requiredAgreementKinds: readonly AgreementKind[] = ['association_terms'];

export const AgreementErrorCodes = {
  /** 400: the terms cannot be withdrawn while the account is used (leaving is done by enquiry). */
  notWithdrawable: 'agreement_not_withdrawable',
} as const;

export const AGREEMENT_OUTDATED_MESSAGE = '同意できない規約が含まれています。ページを再読み込みしてから、もう一度お試しください。';
export const AGREEMENT_NOT_WITHDRAWABLE_MESSAGE = '利用規約への同意は撤回できません。すこやかの利用をやめる場合は、お問い合わせください。';

export const agreementDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(agreementKinds),
  version: z.number(),
  title: z.string(),
  body: z.string(),
  publishedAt: isoTimestamp,
  /** True for the terms: the service cannot be used without agreeing. */
  required: z.boolean(),
  /** When the member agreed to this version; null when not (or withdrawn). */
  agreedAt: nullableTimestamp,
  /** An earlier version the member agreed to, when this version asks again. */
  previouslyAgreedVersion: z.nullable(z.number()),
});
export type AgreementDocument = z.infer<typeof agreementDocumentSchema>;

const agreementsOutput = z.object({
  association: z.object({ id: z.string(), name: z.string() }),
  documents: z.array(agreementDocumentSchema),
});
export type AssociationAgreements = z.infer<typeof agreementsOutput>;

export const listAssociationAgreements = defineCall({
  name: 'listAssociationAgreements',
  method: 'GET',
  access: 'member',
  summary: "The current version of each document of the member's own association, with whether the member agreed to it.",
  input: () => z.object({ associationId: recordId('健康保険組合ID') }),
  output: () => agreementsOutput,
});

export const agreeAssociationAgreements = defineCall({
  name: 'agreeAssociationAgreements',
  method: 'POST',
  access: 'member',
  summary: "Records the member's consent to current documents of their association (version and time); agreeing again changes nothing.",
  input: () =>
    z.object({
      documentIds: documented(
        z
          .array(recordId('規約ID'), { error: '同意する規約を選択してください' })
          .check(z.minLength(1, '同意する規約を選択してください'), z.maxLength(10, '同意する規約が多すぎます')),
        { 'x-state-dependent': "Ids of the current documents of the member's association (listAssociationAgreements)." },
      ),
    }),
  output: () => agreementsOutput,
});

export const withdrawAssociationAgreement = defineCall({
  name: 'withdrawAssociationAgreement',
  method: 'POST',
  access: 'member',
  summary: "Withdraws the member's consent to an optional document (the data-provision consent); withdrawing again changes nothing.",
  input: () => z.object({ documentId: recordId('規約ID') }),
  output: () => agreementsOutput,
});
