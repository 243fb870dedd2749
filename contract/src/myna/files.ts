import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';
import { mynaExportFormats } from '../myna-terms';
import { mynaYear } from './shared';

/*
 * Export and removal (issue 12, "Safe keeping"). The export answers the file's content in JSON;
 * the page saves it with a Blob download. The removal deletes every imported record, the link and
 * its tokens, the import jobs and the dedupe keys in one transaction, and says what it removed; the
 * consent history, the secret question and the audit log stay.
 */

export const exportMynaHealthFiles = defineCall({
  name: 'exportMynaHealthFiles',
  method: 'GET',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary:
    'Everything imported as one file: a FHIR R4 Bundle (JP Core: Observation with JLAC10, MedicationStatement with YJ, ExplanationOfBenefit), a CSV, or the bills of one year as a CSV list (`tax_form_csv`, its released name; the tax form itself is the workbook of MYNA_MEDICAL_EXPENSE_FORM_PATH).',
  input: () =>
    z.object({
      format: z.enum(mynaExportFormats, { error: '形式を選択してください' }),
      /** tax_form_csv (the bills list): the year of the bills (default: the newest year with bills). */
      year: z.optional(mynaYear),
    }),
  output: () =>
    z.object({
      fileName: z.string(),
      /** e.g. application/fhir+json, text/csv; charset=utf-8 (or shift_jis). */
      mediaType: z.string(),
      /** utf8: `content` is the text as it is; base64: the bytes (a CSV in Shift_JIS). */
      encoding: z.enum(['utf8', 'base64']),
      content: z.string(),
      /** How many records of each kind the file holds. */
      counts: z.object({
        medicalExams: z.number().check(z.int()),
        medicines: z.number().check(z.int()),
        medicalBills: z.number().check(z.int()),
      }),
    }),
});

export const removeMynaSensitives = defineCall({
  name: 'removeMynaSensitives',
  method: 'POST',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary:
    'Removes every imported record, the link and its tokens, the import jobs and the dedupe keys in one transaction (after the secret question and an explicit confirmation), and says what was removed.',
  input: () =>
    z.object({
      confirm: z.literal(true, { error: '削除の確認にチェックを入れてください' }),
    }),
  output: () =>
    z.object({
      removed: z.object({
        medicalExams: z.number().check(z.int()),
        /** Dispensings (each with its medicines). */
        medicines: z.number().check(z.int()),
        medicalBills: z.number().check(z.int()),
        /** Receipts typed in by hand (they are sealed with the data key that goes too). */
        medicalReceipts: z.number().check(z.int()),
        importJobs: z.number().check(z.int()),
        /** Whether a link (with its tokens) was removed. */
        link: z.boolean(),
      }),
      removedAt: isoTimestamp,
    }),
});

export const mynaFileCalls = { exportMynaHealthFiles, removeMynaSensitives } as const;
