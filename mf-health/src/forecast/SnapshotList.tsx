import type { ListedForecastSnapshot } from '@sukoyaka/contract';
import { CATEGORY_LABELS, OUT_OF_RANGE_TEXT } from '@sukoyaka/contract/forecast';
import {
  AppLink,
  Button,
  Card,
  EmptyState,
  FormError,
  List,
  LoadingSkeleton,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
  LoadFailure,
} from '@sukoyaka/shared';
import { useDeleteHealthForecastSnapshot, useHealthForecastSnapshots } from './api/forecast-snapshots';
import { formatSavedAt, riskText } from './words';

function resultText(snapshot: ListedForecastSnapshot): string {
  const { result } = snapshot;
  if (!result) return '';
  return result.kind === 'score'
    ? `${riskText(result.risk)}（${CATEGORY_LABELS[result.category]}）`
    : OUT_OF_RANGE_TEXT[result.reason].title;
}

/** The inputs as a line; a value withheld (from the check-up, without the step-up) is left out. */
function inputsText({ inputs }: ListedForecastSnapshot): string {
  return [
    inputs.age !== undefined ? `${inputs.age}歳` : null,
    inputs.systolic !== undefined ? `血圧${inputs.systolic}mmHg` : null,
    inputs.ldl !== undefined ? `LDL ${inputs.ldl}mg/dL` : null,
    inputs.hdl !== undefined ? `HDL ${inputs.hdl}mg/dL` : null,
    inputs.smoker !== undefined ? (inputs.smoker ? '喫煙あり' : '喫煙なし') : null,
  ]
    .filter((part) => part !== null)
    .join('・');
}

function SnapshotItem({ snapshot, stepUpHref }: { snapshot: ListedForecastSnapshot; stepUpHref: string }) {
  const remove = useDeleteHealthForecastSnapshot();
  const when = formatSavedAt(snapshot.savedAt);
  return (
    <li style={{ padding: '12px 0' }}>
      <Stack $gap={0.5}>
        <Text style={{ fontWeight: 700 }}>{when}</Text>
        {snapshot.checkupWithheld ? (
          <Notice>
            健診結果の値を含むため、結果を表示するには秘密の質問に答えてください。{' '}
            <AppLink href={stepUpHref}>秘密の質問に答えて表示する</AppLink>
          </Notice>
        ) : (
          <Text>{resultText(snapshot)}</Text>
        )}
        <Text $muted>{inputsText(snapshot)}</Text>
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

/**
 * The member's saved forecasts, newest first, to compare over time. One holding check-up values
 * shows them only after the My Number secret question (`stepUpHref`), as the records do.
 */
export function SnapshotList({ stepUpHref }: { stepUpHref: string }) {
  const snapshots = useHealthForecastSnapshots();
  let body;
  if (snapshots.isPending) body = <LoadingSkeleton label="保存した結果を読み込んでいます" rows={2} />;
  else if (snapshots.error) body = <LoadFailure what="保存した結果" error={snapshots.error} retry={() => void snapshots.refetch()} />;
  else {
    const items = snapshots.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState title="保存した結果はまだありません">結果を保存すると、ここで前回と比べられます。</EmptyState>
      ) : (
        <Stack $gap={1}>
          <List aria-label="保存した結果">
            {items.map((snapshot) => (
              <SnapshotItem key={snapshot.id} snapshot={snapshot} stepUpHref={stepUpHref} />
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
