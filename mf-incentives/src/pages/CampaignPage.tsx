import { Actions, Button, Card, EmptyState, FormError, Notice, SectionHeading, Stack, Text, describeError } from '@sukoyaka/shared';
import { useEntryPointCampaign, useOpenCampaignPartner, usePointCampaign } from '../api/campaigns';
import { formatDate } from '../format';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

/** `/points/campaign`: the open campaign, entering it once, and the partner's page. */
export function CampaignPage({ go }: { go?: (url: string) => void }) {
  return (
    <IncentivePage title="キャンペーン" back={{ href: '/points', label: 'ポイント一覧へ戻る' }}>
      {() => <Campaign go={go} />}
    </IncentivePage>
  );
}

function Campaign({ go }: { go?: ((url: string) => void) | undefined }) {
  const campaign = usePointCampaign();
  const entry = useEntryPointCampaign();
  const partner = useOpenCampaignPartner(go);
  if (!campaign.data) return <QueryState query={campaign} label="キャンペーン" />;
  const current = campaign.data.campaign;
  if (!current)
    return <EmptyState title="現在開催中のキャンペーンはありません">新しいキャンペーンが始まったら、ここでお知らせします。</EmptyState>;
  return (
    <Card aria-labelledby="campaign-heading">
      <Stack $gap={2}>
        <SectionHeading id="campaign-heading">{current.title}</SectionHeading>
        <Text $muted>
          期間：{formatDate(current.startsAt)}〜{formatDate(current.endsAt)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{current.description}</Text>
        {entry.isError ? <FormError>{describeError(entry.error)}</FormError> : null}
        {partner.isError ? <FormError>{describeError(partner.error)}</FormError> : null}
        {current.entered ? (
          <>
            <Notice role="status">エントリー済みです。</Notice>
            <Actions>
              <Button busy={partner.isPending || partner.isSuccess} onClick={() => partner.mutate(current.id)}>
                キャンペーンページを開く
              </Button>
            </Actions>
            <Text $muted>提携先のページに移ります。お名前などの個人情報は送られません。</Text>
          </>
        ) : (
          <Actions>
            <Button busy={entry.isPending} onClick={() => entry.mutate(current.id)}>
              エントリーする
            </Button>
          </Actions>
        )}
      </Stack>
    </Card>
  );
}
