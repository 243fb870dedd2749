import { inquiryCategoryLabels, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associations, inquiries } from '../db/schema';
import { japanDate } from '../platform/conditions';
import type { Member } from '../platform/handlers';
import { enqueueMail } from '../platform/outbox';
import { insertWithFreshCode } from '../platform/unique-codes';
import { readableCode } from '../lib/tokens';

export function receiptNumber(now: Date): string {
  return `INQ-${japanDate(now).replaceAll('-', '')}-${readableCode(4)}`;
}

/**
 * Stores the inquiry and enqueues, in the same transaction, the mail to the staff and the copy to
 * the member. A receipt number that happens to be taken is drawn again (in a savepoint).
 */
export async function createInquiry(
  db: Database,
  member: Member,
  input: ParsedInput<'createInquiry'>,
  options: { now: Date; staffAddress: string },
): Promise<CallOutput<'createInquiry'>> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const [association] = member.associationId
      ? await tx.select({ name: associations.name }).from(associations).where(eq(associations.id, member.associationId))
      : [];
    const number = await insertWithFreshCode(
      tx,
      () => receiptNumber(now),
      (savepoint, code) =>
        savepoint.insert(inquiries).values({
          userId: member.id,
          associationId: member.associationId,
          receiptNumber: code,
          category: input.category,
          body: input.body,
          email: member.email,
          createdAt: now,
        }),
    );
    const category = inquiryCategoryLabels[input.category];
    const associationName = association?.name ?? '（健康保険組合の登録なし）';
    await enqueueMail(
      tx,
      {
        to: options.staffAddress,
        subject: `【すこやか】お問い合わせ ${number}（${category}）`,
        text: [
          `受付番号：${number}`,
          `種類：${category}`,
          `健康保険組合：${associationName}`,
          `会員ID：${member.id}`,
          `返信先：${member.email}`,
          '',
          input.body,
        ].join('\n'),
      },
      { kind: 'inquiry_staff', now },
    );
    await enqueueMail(
      tx,
      {
        to: member.email,
        subject: `【すこやか】お問い合わせを受け付けました（${number}）`,
        text: [
          `${member.nickname}様`,
          '',
          'お問い合わせいただきありがとうございます。以下の内容で受け付けました。',
          '担当者より、このメールアドレスへ順次ご連絡いたします。',
          '',
          `受付番号：${number}`,
          `種類：${category}`,
          '',
          '―― お問い合わせ内容 ――',
          input.body,
          '',
          '※このメールは送信専用です。ご返信いただいてもお答えできません。',
        ].join('\n'),
      },
      { kind: 'inquiry_copy', now },
    );
    return { receiptNumber: number, category: input.category, createdAt: now.toISOString(), copySentTo: member.email };
  });
}
