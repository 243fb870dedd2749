import {
  Actions,
  AppLink,
  Button,
  Card,
  FormError,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
  navigate,
  safeReturnPath,
  useSearchParams,
} from '@sukoyaka/shared';
import { useCreatePointAgreement, usePointInfo } from '../api/points';
import { links } from '../links';
import { IncentivePage, QueryState } from '../parts/IncentivePage';
import { usePointId } from './PointPages';

/**
 * `/points/[pointId]/require_agreement` (sent here by a page that needs consent first) and
 * `/points/[pointId]/agreements` (the terms and whether the member agreed): both record consent
 * with `createPointAgreement`; the first then returns to the page the member wanted.
 */
export function PointAgreementPage({ required }: { required: boolean }) {
  const pointId = usePointId();
  return (
    <IncentivePage
      title={required ? 'ポイント利用規約への同意' : 'ポイント利用規約'}
      back={{ href: '/points', label: 'ポイント一覧へ戻る' }}
    >
      {() => <Agreement pointId={pointId} required={required} />}
    </IncentivePage>
  );
}

export const RequireAgreementPage = () => <PointAgreementPage required />;
export const AgreementsPage = () => <PointAgreementPage required={false} />;

function Agreement({ pointId, required }: { pointId: string; required: boolean }) {
  const info = usePointInfo(pointId);
  const agree = useCreatePointAgreement();
  const [params] = useSearchParams();
  if (!info.data) return <QueryState query={info} label="利用規約" />;
  const data = info.data;
  const returnTo = params.get('return_to');
  // A web path, not a deep link: navigation continues inside this page.
  const next = returnTo ? safeReturnPath(returnTo) : `/points/${encodeURIComponent(pointId)}`;
  if (!data.requiresConsent) {
    return (
      <Stack $gap={2}>
        <Notice role="status">{data.name}は同意なしでご利用いただけます。</Notice>
        <AppLink href={links.point(pointId)}>{data.name}を開く</AppLink>
      </Stack>
    );
  }
  return (
    <Stack $gap={2}>
      {required && !data.agreed ? <Notice role="note">{data.name}を利用するには、利用規約への同意が必要です。</Notice> : null}
      <Card aria-labelledby="terms-heading">
        <Stack $gap={1}>
          <SectionHeading id="terms-heading">
            {data.name} 利用規約（第{data.consentVersion}版）
          </SectionHeading>
          <Text style={{ whiteSpace: 'pre-wrap', maxHeight: '40vh', overflowY: 'auto' }} tabIndex={0}>
            {data.consentText}
          </Text>
        </Stack>
      </Card>
      {agree.isError ? <FormError>{describeError(agree.error)}</FormError> : null}
      {data.agreed ? (
        <Stack $gap={1}>
          <Notice role="status">この利用規約に同意済みです。</Notice>
          <AppLink href={next}>{data.name}を開く</AppLink>
        </Stack>
      ) : (
        <Actions>
          <Button busy={agree.isPending} onClick={() => agree.mutate(pointId, { onSuccess: () => navigate(next) })}>
            同意して利用を始める
          </Button>
        </Actions>
      )}
    </Stack>
  );
}
