import type { MemberLookupKind, OperatorMemberSupport } from '@sukoyaka/contract';
import {
  Button,
  Card,
  EmptyState,
  FactRows,
  FormError,
  Heading,
  SectionHeading,
  Stack,
  Text,
  TextField,
  useContractForm,
  useFormValues,
  usePageTitle,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { RadioGroup } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useLookupMember } from '../api/members';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanDay, formatJapanTime } from '../parts/datetime';

const KINDS: Array<{ value: MemberLookupKind; label: string }> = [
  { value: 'email', label: 'メールアドレスで探す' },
  { value: 'card', label: '記号・番号（保険証）で探す' },
];

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1.5, 2)};
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;

const Results = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
`;

/** The account's standing in words: what support reads first. */
export function accountState(member: OperatorMemberSupport): string {
  if (member.suspended) return '利用停止中';
  if (member.lockedUntil) return `ロック中（${formatJapanTime(member.lockedUntil)}まで）`;
  return '利用できます';
}

function MemberCard({ member }: { member: OperatorMemberSupport }) {
  const id = `member-${member.id}`;
  return (
    <Card aria-labelledby={id}>
      <Stack $gap={1.5}>
        <SectionHeading id={id}>{member.nickname}</SectionHeading>
        <FactRows>
          <dt>組合の確認</dt>
          <dd>{member.associationVerifiedAt ? `確認済み（${formatJapanTime(member.associationVerifiedAt)}）` : '未確認'}</dd>
          <dt>登録日</dt>
          <dd>{formatJapanTime(member.signedUpAt)}</dd>
          <dt>最終ログイン</dt>
          <dd>{member.lastSignInAt ? formatJapanTime(member.lastSignInAt) : 'ログインの記録はありません'}</dd>
          <dt>アカウント</dt>
          <dd>{accountState(member)}</dd>
          {member.membershipExpiresOn ? (
            <>
              <dt>資格の終了日</dt>
              <dd>{member.membershipExpiresOn ? formatJapanDay(member.membershipExpiresOn) : '—'}</dd>
            </>
          ) : null}
          <dt>マイナンバーカード連携</dt>
          <dd>{member.mynaLinked ? '連携済み' : '未連携'}</dd>
        </FactRows>
      </Stack>
    </Card>
  );
}

/**
 * /admin/members: support staff find a member of their association by e-mail or by the card's
 * 記号・番号 and see only what support needs. Every lookup is recorded in the audit log.
 */
export function MembersPage() {
  usePageTitle('会員の検索 | すこやか運営管理');
  const { association } = useCurrentAssociation();
  const lookup = useLookupMember();
  const [kind, setKind] = useState<MemberLookupKind>('email');
  const [found, setFound] = useState<{ by: MemberLookupKind; members: OperatorMemberSupport[] } | null>(null);
  const { values, field } = useFormValues(() => ({ email: '', memberSymbol: '', memberNumber: '' }));
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.lookupOperatorMember.input),
    mutation: lookup,
    beforeSubmit: () => setFound(null),
    onSuccess: (result: { members: OperatorMemberSupport[] }, sent: { by: MemberLookupKind }) =>
      setFound({ by: sent.by, members: result.members }),
  });
  return (
    <Stack $gap={3}>
      <Heading>会員の検索</Heading>
      <Text>
        {association.associationName}
        の会員を、メールアドレスか保険証の記号・番号で探します。表示するのはお問い合わせ対応に必要な情報だけで、健康の記録やマイナンバーの情報は表示しません。検索したことは操作履歴に残ります。
      </Text>
      <Card aria-labelledby="member-lookup">
        <SectionHeading id="member-lookup">検索する</SectionHeading>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <form
          {...form.formProps(() =>
            kind === 'email'
              ? { associationId: association.associationId, by: 'email', email: values.email }
              : {
                  associationId: association.associationId,
                  by: 'card',
                  memberSymbol: values.memberSymbol,
                  memberNumber: values.memberNumber,
                },
          )}
        >
          <Stack $gap={2}>
            <RadioGroup legend="検索の方法" options={KINDS} value={kind} onChange={(value) => setKind(value as MemberLookupKind)} />
            {kind === 'email' ? (
              <TextField {...field('email', form.errors)} label="メールアドレス" type="email" autoComplete="off" />
            ) : (
              <Fields>
                <TextField {...field('memberSymbol', form.errors)} label="記号" autoComplete="off" />
                <TextField {...field('memberNumber', form.errors)} label="番号" inputMode="numeric" autoComplete="off" />
              </Fields>
            )}
            <div>
              <Button type="submit" busy={form.isPending}>
                検索する
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      <section aria-live="polite" aria-label="検索結果">
        {found === null ? null : found.members.length === 0 ? (
          <EmptyState title="該当する会員はいません">
            {association.associationName}
            の会員に、その{found.by === 'email' ? 'メールアドレス' : '記号・番号'}の方はいません。入力した内容を確かめてください。
          </EmptyState>
        ) : (
          <Stack $gap={1.5}>
            <Text role="status">{found.members.length}件見つかりました。</Text>
            <Results>
              {found.members.map((member) => (
                <MemberCard key={member.id} member={member} />
              ))}
            </Results>
          </Stack>
        )}
      </section>
    </Stack>
  );
}
