import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';
import { INQUIRY_BODY_MAX, inquiryCategories } from '../content-terms';

/* The contact form (/inquiry/new): it reaches the association's staff by mail, with a copy to the member. */

export const inquiryInput = z.object({
  category: z.enum(inquiryCategories, { error: 'お問い合わせの種類を選択してください' }),
  body: z
    .string({ error: 'お問い合わせ内容を入力してください' })
    .check(
      z.trim(),
      z.minLength(10, 'お問い合わせ内容は10文字以上で入力してください'),
      z.maxLength(INQUIRY_BODY_MAX, `お問い合わせ内容は${INQUIRY_BODY_MAX}文字以内で入力してください`),
    ),
});

export const createInquiry = defineCall({
  name: 'createInquiry',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary:
    "Stores the member's inquiry, answers its receipt number (INQ-yyyyMMdd-XXXX) and mails it to the association's staff and a copy to the member's address, through the outbox.",
  input: () => inquiryInput,
  output: () =>
    z.object({ receiptNumber: z.string(), category: z.enum(inquiryCategories), createdAt: isoTimestamp, copySentTo: z.string() }),
});
