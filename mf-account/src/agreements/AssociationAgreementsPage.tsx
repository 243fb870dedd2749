import type { AgreementDocument, AssociationAgreements } from '@sukoyaka/contract';
import {
  AppError,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  describeError,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Narrow,
  navigate,
  Notice,
  PageLayout,
  SectionHeading,
  Stack,
  Text,
  usePageTitle,
  useParams,
} from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useAgreeAssociationAgreements } from './api/agree-association-agreements';
import { useAssociationAgreements } from './api/list-association-agreements';
import { DocumentText, formatAgreedDay } from './DocumentText';

const Agreed = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

const TERMS_REQUIRED_MESSAGE = '利用規約に同意してください';

/**
 * The checkbox's words, natural whatever the title: a title that is itself a consent
 * (「健康情報の提供に関する同意」) is not agreed to again (「…同意に同意する」) but read as what is
 * consented to: 「健康情報の提供に同意する」.
 */
export function consentLabel(document: Pick<AgreementDocument, 'title' | 'required'>): string {
  const title = document.title.trim();
  const what = /(に関する|への|についての)同意(書)?$/.test(title)
    ? title.replace(/(に関する|への|についての)同意(書)?$/, 'に同意する')
    : /同意(書)?$/.test(title)
      ? `${title}の内容に同意する`
      : `${title}に同意する`;
  return document.required ? what : `${what}（任意）`;
}

function DocumentCard({
  document,
  checked,
  onChange,
  error,
}: {
  document: AgreementDocument;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  const headingId = `agreement-${document.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={1.5}>
        <SectionHeading id={headingId}>
          {document.title}（第{document.version}版）
        </SectionHeading>
        {document.previouslyAgreedVersion !== null ? (
          <Notice>
            内容が改定されました（第{document.previouslyAgreedVersion}版から変更）。改定後の内容をご確認のうえ、あらためて同意してください。
          </Notice>
        ) : null}
        <DocumentText document={document} />
        {document.agreedAt ? (
          <Agreed>{formatAgreedDay(document.agreedAt)}に同意済みです。</Agreed>
        ) : (
          <Checkbox
            label={consentLabel(document)}
            description={
              document.required
                ? 'すこやかのご利用には同意が必要です。'
                : '同意しなくても、すこやかはご利用いただけます。同意はあとから「情報提供への同意」のページで撤回できます。'
            }
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            error={error}
          />
        )}
      </Stack>
    </Card>
  );
}

function AgreementsForm({ agreements }: { agreements: AssociationAgreements }) {
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const agree = useAgreeAssociationAgreements();
  const open = agreements.documents.filter((document) => !document.agreedAt);
  const requiredOpen = open.filter((document) => document.required);

  const anyChecked = open.some((document) => checked[document.id]);
  const submitLabel = requiredOpen.length > 0 ? '同意して始める' : anyChecked ? '同意する' : 'ホームへ進む';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const unchecked = requiredOpen.find((document) => !checked[document.id]);
    setMissing(unchecked?.id ?? null);
    if (unchecked) return;
    const documentIds = open.filter((document) => checked[document.id]).map((document) => document.id);
    if (documentIds.length === 0) {
      navigate('/');
      return;
    }
    agree.mutate(documentIds, { onSuccess: () => navigate('/') });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="agreements-heading">
      <Stack $gap={2.5}>
        <Stack $gap={1}>
          <Heading id="agreements-heading">{agreements.association.name}の規約への同意</Heading>
          <Text>
            {requiredOpen.length > 0
              ? `すこやかをご利用いただくには、${agreements.association.name}の利用規約への同意が必要です。内容をご確認ください。`
              : '同意が必要な規約はすべて同意済みです。'}
          </Text>
        </Stack>
        {agree.error ? <FormError>{describeError(agree.error)}</FormError> : null}
        {agreements.documents.map((document) => (
          <DocumentCard
            key={document.id}
            document={document}
            checked={Boolean(checked[document.id])}
            onChange={(value) => {
              setChecked((current) => ({ ...current, [document.id]: value }));
              if (value && missing === document.id) setMissing(null);
            }}
            error={missing === document.id ? TERMS_REQUIRED_MESSAGE : undefined}
          />
        ))}
        <div>
          <Button type="submit" block busy={agree.isPending}>
            {agree.isPending ? '送信しています…' : submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function NotFound() {
  return (
    <Card>
      <Stack $gap={2}>
        <Heading>規約が見つかりません</Heading>
        <Text>お探しの健康保険組合の規約は見つかりませんでした。ご加入の健康保険組合の規約は、ホームから確認できます。</Text>
        <div>
          <ButtonLinkStyle as={AppLink} href="/" $variant="secondary">
            ホームに戻る
          </ButtonLinkStyle>
        </div>
      </Stack>
    </Card>
  );
}

function Agreements({ associationId }: { associationId: string }) {
  const { data, error, isPending } = useAssociationAgreements(associationId);
  const isNotFound = error instanceof AppError && (error.statusCode === 404 || error.statusCode === 400);
  if (error && !isNotFound) throw error;
  if (isNotFound) return <NotFound />;
  if (isPending || !data) return <LoadingSkeleton label="規約を読み込んでいます" rows={4} />;
  return <AgreementsForm agreements={data} />;
}

/** `/associations/[associationId]/agreements`: the association's terms and the optional data-provision consent. */
export function AssociationAgreementsPage() {
  usePageTitle('規約への同意');
  const { associationId = '' } = useParams();
  return (
    <PageLayout>
      <Narrow $max={720}>
        <MemberOnly>{() => <Agreements associationId={associationId} />}</MemberOnly>
      </Narrow>
    </PageLayout>
  );
}
