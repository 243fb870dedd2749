import { mynaPagePaths } from '@sukoyaka/contract/myna-terms';
import { AppLink, AreaParcel, Heading, MemberOnly, PageLayout, Stack, Text, usePageTitle, type AreaParcelProps } from '@sukoyaka/shared';

/*
 * The member's records imported through the My Number Portal, in the health area's menu. The
 * records are written once, in mf-myna, and mounted here as its parcels (DESIGN.md: cross-area
 * widgets are parcels of the owning area): this page is the frame — title, what it shows, and
 * the way to the connection. The parcel itself says when nothing is linked (with the way to link)
 * and sends the member to the secret question first when the answer is not fresh.
 */

type Load = AreaParcelProps['load'];

function RecordsFrame({ title, intro, parcel, label, load }: { title: string; intro: string; parcel: string; label: string; load?: Load }) {
  usePageTitle(title);
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Stack $gap={1}>
              <Heading>{title}</Heading>
              <Text>{intro}</Text>
            </Stack>
            <AreaParcel area="@sukoyaka/myna" name={parcel} label={label} {...(load ? { load } : {})} />
            <AppLink href={mynaPagePaths.top}>マイナポータル連携の設定</AppLink>
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}

/** `/health_reports`: the check-ups from the My Number Portal. */
export function HealthReportsPage({ load }: { load?: Load }) {
  return (
    <RecordsFrame
      title="健康レポート"
      intro="マイナポータルから取り込んだ特定健診の結果です。健診ごとに、検査値と判定、これまでの推移を確認できます。"
      parcel="MynaMedicalExamsParcel"
      label="健診結果を読み込んでいます"
      load={load}
    />
  );
}

/** `/medication/histories`: the medicines from the My Number Portal. */
export function MedicationHistoriesPage({ load }: { load?: Load }) {
  return (
    <RecordsFrame
      title="お薬の履歴"
      intro="マイナポータルから取り込んだ薬剤情報です。調剤された日と薬局ごとに、お薬の名前と一般名、量と日数を確認できます。"
      parcel="MynaMedicinesParcel"
      label="お薬の履歴を読み込んでいます"
      load={load}
    />
  );
}

/** `/medical_expenses/bills`: the medical bills from the My Number Portal. */
export function MedicalExpenseBillsPage({ load }: { load?: Load }) {
  return (
    <RecordsFrame
      title="医療費"
      intro="マイナポータルから取り込んだ医療費通知情報と、手入力した領収書です。1年間に支払った額を確認でき、医療費控除の申告に使える医療費集計フォーム（Excel形式）をダウンロードできます。"
      parcel="MynaMedicalBillsParcel"
      label="医療費を読み込んでいます"
      load={load}
    />
  );
}
