import type { CallOutput } from '@sukoyaka/contract';
import { INQUIRY_BODY_MAX, inquiryCategories, inquiryCategoryLabels } from '@sukoyaka/contract/content-terms';
import {
  AppLink,
  Button,
  ButtonLinkStyle,
  FormError,
  Heading,
  MemberOnly,
  Stack,
  Text,
  TextAreaField,
  TextField,
  describeError,
  formLevelError,
  useContractForm,
  usePageTitle,
  type UserInfo,
  loadContentCalls,
} from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useCreateInquiry } from './api/create-inquiry';
import { CardPage } from '../parts/CardPage';

const Receipt = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
`;

function ReceiptView({ receipt }: { receipt: CallOutput<'createInquiry'> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack $gap={2}>
      <Heading ref={heading} tabIndex={-1}>
        お問い合わせを受け付けました
      </Heading>
      <Stack $gap={0.5}>
        <Text $muted>受付番号</Text>
        <Receipt>{receipt.receiptNumber}</Receipt>
      </Stack>
      <Text>
        受付内容の控えを {receipt.copySentTo}{' '}
        にお送りしました。担当者より、このメールアドレスへ順次ご連絡いたします。お問い合わせの際は受付番号をお伝えください。
      </Text>
      <div>
        <ButtonLinkStyle as={AppLink} href="/" $variant="secondary">
          ホームに戻る
        </ButtonLinkStyle>
      </div>
    </Stack>
  );
}

/**
 * The form. The reply goes to the account's own address, shown read-only: a reply to an address
 * typed here could reach someone else, and the member changes their address in the settings.
 */
function InquiryForm({ member }: { member: UserInfo }) {
  const [category, setCategory] = useState('');
  const [body, setBody] = useState('');
  const [receipt, setReceipt] = useState<CallOutput<'createInquiry'> | null>(null);
  const create = useCreateInquiry();
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.createInquiry.input),
    mutation: create,
    onSuccess: (result) => setReceipt(result),
  });
  const failure = formLevelError(create.error);
  if (receipt) return <ReceiptView receipt={receipt} />;
  return (
    <form {...form.formProps(() => ({ category: category || undefined, body }))} aria-labelledby="inquiry-heading">
      <Stack $gap={2.5}>
        <Heading id="inquiry-heading">お問い合わせ</Heading>
        <Text>
          すこやかについてのご質問・ご意見をお寄せください。先に<AppLink href="/faq">よくある質問</AppLink>もご確認ください。
        </Text>
        {failure ? <FormError>{describeError(failure)}</FormError> : null}
        <Select
          label="お問い合わせの種類"
          name="category"
          placeholder="選択してください"
          options={inquiryCategories.map((value) => ({ value, label: inquiryCategoryLabels[value] }))}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          error={form.errors.category}
          required
        />
        <TextAreaField
          label="お問い合わせ内容"
          name="body"
          hint={`10〜${INQUIRY_BODY_MAX}文字（${body.length}文字）`}
          value={body}
          maxLength={INQUIRY_BODY_MAX}
          onChange={(event) => setBody(event.target.value)}
          error={form.errors.body}
          required
        />
        <TextField
          label="返信先メールアドレス"
          value={member.email}
          readOnly
          hint="ご登録のメールアドレスにお返事します。変更は「メールアドレス変更」から行えます。"
        />
        <Button type="submit" block busy={form.isPending}>
          {form.isPending ? '送信しています…' : '送信する'}
        </Button>
      </Stack>
    </form>
  );
}

/** `/inquiry/new`: the contact form, then its receipt number. */
export function InquiryNewPage() {
  usePageTitle('お問い合わせ');
  return (
    <CardPage max={720}>
      <MemberOnly>{(member) => <InquiryForm member={member} />}</MemberOnly>
    </CardPage>
  );
}
