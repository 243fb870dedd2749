import type { MynaDispensing, MynaMedicine } from '@sukoyaka/contract';
import { Actions, AppLink, Button, Card, EmptyState, List, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useMedicines } from '../api/myna-records';
import { formatDay } from '../format';
import { RecordsFailure } from '../parts/RecordsGate';
import { mynaPagePaths } from '../paths';

const Medicine = styled.li`
  padding: ${({ theme }) => theme.spacing(1, 0)};
  display: grid;
  gap: 2px;
`;

/** 「1日3回 毎食後・3錠・14日分」 */
export function medicineDetails(medicine: MynaMedicine): string {
  const parts = [medicine.usage, medicine.dose, medicine.days !== null ? `${medicine.days}日分` : null, medicine.form];
  return parts.filter(Boolean).join('・');
}

function DispensingCard({ dispensing }: { dispensing: MynaDispensing }) {
  const headingId = `dispensing-${dispensing.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={0.5}>
        {/* h2: the view sits right under its page's h1, on both pages that show it (axe heading-order). */}
        <h2 id={headingId} style={{ margin: 0, fontSize: '1rem' }}>
          {formatDay(dispensing.dispensedOn)}・{dispensing.pharmacyName ?? '薬局名なし'}
        </h2>
        {dispensing.prescriberName ? <Text $muted>処方：{dispensing.prescriberName}</Text> : null}
        <List aria-labelledby={headingId}>
          {dispensing.medicines.map((medicine, index) => (
            <Medicine key={`${medicine.yjCode ?? medicine.name}-${index}`}>
              <strong>{medicine.name}</strong>
              {medicine.genericName && medicine.genericName !== medicine.name ? <Text $muted>一般名：{medicine.genericName}</Text> : null}
              {medicineDetails(medicine) ? <Text>{medicineDetails(medicine)}</Text> : null}
            </Medicine>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

/**
 * The medicines by date and pharmacy, newest first; behind the gate (./views.tsx, the page and
 * mf-health's /medication/histories).
 */
export function Dispensings() {
  const medicines = useMedicines();
  if (medicines.isPending) return <LoadingSkeleton label="お薬の情報を読み込んでいます" />;
  if (medicines.isError) return <RecordsFailure what="お薬の情報" error={medicines.error} retry={() => void medicines.refetch()} />;
  const dispensings = medicines.data.pages.flatMap((page) => page.dispensings);
  if (dispensings.length === 0) {
    return (
      <EmptyState title="お薬の情報はまだありません">
        マイナポータルから情報を取り込むと、ここに表示されます。<AppLink href={mynaPagePaths.import}>情報を取り込む</AppLink>
      </EmptyState>
    );
  }
  return (
    <Stack $gap={1.5} role="list" aria-label="調剤ごとのお薬">
      {dispensings.map((dispensing) => (
        <div role="listitem" key={dispensing.id}>
          <DispensingCard dispensing={dispensing} />
        </div>
      ))}
      {medicines.hasNextPage ? (
        <Actions>
          <Button variant="secondary" busy={medicines.isFetchingNextPage} onClick={() => void medicines.fetchNextPage()}>
            もっと見る
          </Button>
        </Actions>
      ) : null}
    </Stack>
  );
}
