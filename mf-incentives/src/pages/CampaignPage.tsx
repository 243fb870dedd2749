import {
  Actions,
  Button,
  ButtonLinkStyle,
  Card,
  EmptyState,
  OutsideLink,
  FormError,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
} from '@sukoyaka/shared';
import { useCampaignPartnerLink, useEntryPointCampaign, usePointCampaign } from '../api/campaigns';
import { formatDate } from '../format';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

/** `/points/campaign`: the open campaign, entering it once, and the partner's page. */
export function CampaignPage() {
  return (
    <IncentivePage title="キャンペーン" back={{ href: '/points', label: 'ポイント一覧へ戻る' }}>
      {() => <Campaign />}
    </IncentivePage>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Where the partner link leads, said before the member goes (issue 27); it opens in a new tab. */
function PartnerInterstitial({ url, onCancel }: { url: string; onCancel: () => void }) {
  const host = hostOf(url);
  return (
    <Stack $gap={1.5} role="group" aria-labelledby="partner-heading">
      <Text id="partner-heading" style={{ fontWeight: 700 }}>
        提携先のサイト（{host}）に移動します
      </Text>
      <Text $muted>すこやかのサイトではありません。お名前などの個人情報は送られません。リンクの有効期限は10分です。</Text>
      <Actions>
        <ButtonLinkStyle as={OutsideLink} href={url}>
          {host} を開く
        </ButtonLinkStyle>
        <Button variant="secondary" onClick={onCancel}>
          やめる
        </Button>
      </Actions>
    </Stack>
  );
}

function Campaign() {
  const campaign = usePointCampaign();
  const entry = useEntryPointCampaign();
  const partner = useCampaignPartnerLink();
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
            {partner.data ? (
              <PartnerInterstitial url={partner.data.url} onCancel={() => partner.reset()} />
            ) : (
              <>
                <Actions>
                  <Button busy={partner.isPending} onClick={() => partner.mutate(current.id)}>
                    キャンペーンページを開く
                  </Button>
                </Actions>
                <Text $muted>提携先のページに移ります。お名前などの個人情報は送られません。</Text>
              </>
            )}
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
