import { CATEGORY_LABELS, OUT_OF_RANGE_TEXT, type ForecastSnapshot } from '@sukoyaka/contract';
import { Button, Card, EmptyState, FormError, List, LoadingSkeleton, SectionHeading, Stack, Text, describeError } from '@sukoyaka/shared';
import { useDeleteHealthForecastSnapshot, useHealthForecastSnapshots } from './api/forecast-snapshots';
import { formatSavedAt, riskText } from './words';

function resultText(snapshot: ForecastSnapshot): string {
  const { result } = snapshot;
  return result.kind === 'score'
    ? `${riskText(result.risk)}（${CATEGORY_LABELS[result.category]}）`
    : OUT_OF_RANGE_TEXT[result.reason].title;
}

function SnapshotItem({ snapshot }: { snapshot: ForecastSnapshot }) {
  const remove = useDeleteHealthForecastSnapshot();
  const { inputs } = snapshot;
  const when = formatSavedAt(snapshot.savedAt);
  return (
    <li style={{ padding: '12px 0' }}>
      <Stack $gap={0.5}>
        <Text style={{ fontWeight: 700 }}>{when}</Text>
        <Text>{resultText(snapshot)}</Text>
        <Text $muted>
          {inputs.age}歳・血圧{inputs.systolic}mmHg・LDL {inputs.ldl}mg/dL・HDL {inputs.hdl}mg/dL・{inputs.smoker ? '喫煙あり' : '喫煙なし'}
        </Text>
        {remove.error ? <FormError>削除できませんでした。{describeError(remove.error)}</FormError> : null}
        <div>
          <Button
            variant="secondary"
            busy={remove.isPending}
            onClick={() => remove.mutate(snapshot.id)}
            aria-label={`${when}の結果を削除する`}
          >
            削除する
          </Button>
        </div>
      </Stack>
    </li>
  );
}

/** The member's saved forecasts, newest first, to compare over time. */
export function SnapshotList() {
  const snapshots = useHealthForecastSnapshots();
  let body;
  if (snapshots.isPending) body = <LoadingSkeleton label="保存した結果を読み込んでいます" rows={2} />;
  else if (snapshots.error)
    body = (
      <Stack $gap={1}>
        <FormError>保存した結果を読み込めませんでした。{describeError(snapshots.error)}</FormError>
        <div>
          <Button variant="secondary" onClick={() => void snapshots.refetch()}>
            再読み込み
          </Button>
        </div>
      </Stack>
    );
  else {
    const items = snapshots.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState title="保存した結果はまだありません">結果を保存すると、ここで前回と比べられます。</EmptyState>
      ) : (
        <Stack $gap={1}>
          <List aria-label="保存した結果">
            {items.map((snapshot) => (
              <SnapshotItem key={snapshot.id} snapshot={snapshot} />
            ))}
          </List>
          {snapshots.hasNextPage ? (
            <div>
              <Button variant="secondary" busy={snapshots.isFetchingNextPage} onClick={() => void snapshots.fetchNextPage()}>
                もっと見る
              </Button>
            </div>
          ) : null}
        </Stack>
      );
  }
  return (
    <Card aria-labelledby="forecast-snapshots-heading">
      <Stack $gap={1.5}>
        <SectionHeading id="forecast-snapshots-heading">保存した結果</SectionHeading>
        {body}
      </Stack>
    </Card>
  );
}
