import type { AgreementDocument, AssociationAgreements } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  describeError,
  EmptyState,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Narrow,
  PageLayout,
  screenLink,
  SectionHeading,
  Stack,
  Text,
  usePageTitle,
  type UserInfo,
} from '@sukoyaka/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { useAgreeAssociationAgreements } from './api/agree-association-agreements';
import { useAssociationAgreements } from './api/list-association-agreements';
import { useWithdrawAssociationAgreement } from './api/withdraw-association-agreement';
import { DocumentText, formatAgreedDay } from './DocumentText';

const Status = styled.p<{ $on: boolean }>`
  margin: 0;
  font-weight: 700;
  color: ${({ theme, $on }) => ($on ? theme.colors.primaryDark : theme.colors.textMuted)};
`;

const Confirm = styled.div`
  padding: ${({ theme }) => theme.spacing(2)};
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
`;

const Done = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

function Consent({ agreements, document }: { agreements: AssociationAgreements; document: AgreementDocument }) {
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const agree = useAgreeAssociationAgreements();
  const withdraw = useWithdrawAssociationAgreement();
  const error = agree.error ?? withdraw.error;
  const name = agreements.association.name;

  return (
    <Card aria-labelledby="privacy-document-heading">
      <Stack $gap={2}>
        <SectionHeading id="privacy-document-heading">
          {document.title}（第{document.version}版）
        </SectionHeading>
        <DocumentText document={document} />
        <Status $on={document.agreedAt !== null}>
          {document.agreedAt
            ? `${formatAgreedDay(document.agreedAt)}から同意しています。`
            : document.previouslyAgreedVersion !== null
              ? `内容が改定されたため、現在は同意していない状態です（第${document.previouslyAgreedVersion}版に同意済み）。`
              : '現在、同意していません。'}
        </Status>
        {error ? <FormError>{describeError(error)}</FormError> : null}
        <div aria-live="polite">{done ? <Done>{done}</Done> : null}</div>
        {document.agreedAt ? (
          confirming ? (
            <Confirm role="group" aria-labelledby="withdraw-question">
              <Stack $gap={1.5}>
                <Text id="withdraw-question">
                  同意を撤回すると、これ以降のあなたの健康情報は{name}に提供されません。撤回してもよろしいですか？
                </Text>
                <Actions $gap={1.5}>
                  <Button
                    busy={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(document.id, {
                        onSuccess: () => {
                          setConfirming(false);
                          setDone('同意を撤回しました。');
                        },
                      })
                    }
                  >
                    撤回する
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
                    やめる
                  </Button>
                </Actions>
              </Stack>
            </Confirm>
          ) : (
            <div>
              <Button
                variant="secondary"
                onClick={() => {
                  setDone(null);
                  setConfirming(true);
                }}
              >
                同意を撤回する
              </Button>
            </div>
          )
        ) : (
          <div>
            <Button
              busy={agree.isPending}
              onClick={() => agree.mutate([document.id], { onSuccess: () => setDone('同意しました。ご協力ありがとうございます。') })}
            >
              同意する
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}

function ProvisionConsent({ associationId }: { associationId: string }) {
  const { data, error, isPending } = useAssociationAgreements(associationId);
  if (error) throw error;
  if (isPending || !data) return <LoadingSkeleton label="同意の状況を読み込んでいます" rows={3} />;
  const document = data.documents.find((candidate) => candidate.kind === 'privacy_provision');
  if (!document)
    return (
      <EmptyState title="同意いただく内容はありません">
        {data.association.name}では、健康情報の提供への同意をお願いしていません。
      </EmptyState>
    );
  return <Consent agreements={data} document={document} />;
}

function NoAssociation() {
  return (
    <Card>
      <Stack $gap={2}>
        <Text>健康保険組合の加入者情報が登録されていないため、同意の設定はまだありません。</Text>
        <div>
          <ButtonLinkStyle as={AppLink} href={screenLink('userOrgVerification', {})}>
            加入者情報を登録する
          </ButtonLinkStyle>
        </div>
      </Stack>
    </Card>
  );
}

/** `/privacy_provision_agreements`: the member's consent to provide their health data to the association; it can be withdrawn. */
export function PrivacyProvisionPage() {
  usePageTitle('健康情報の提供への同意');
  return (
    <PageLayout>
      <Narrow $max={720}>
        <Stack $gap={3}>
          <Stack $gap={1}>
            <Heading>健康情報の提供への同意</Heading>
            <Text $muted>
              すこやかに記録した健康情報を、ご加入の健康保険組合の保健事業に役立てるための同意です。同意は任意で、いつでも撤回できます。
            </Text>
          </Stack>
          <MemberOnly>
            {(member: UserInfo) => (member.association ? <ProvisionConsent associationId={member.association.id} /> : <NoAssociation />)}
          </MemberOnly>
        </Stack>
      </Narrow>
    </PageLayout>
  );
}
