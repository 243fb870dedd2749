import { AppLink } from '@sukoyaka/shared';
import { MynaPage } from '../parts/MynaPage';
import { mynaPagePaths } from '../paths';
import { MedicalBillsView, MedicalExamsView, MedicinesView } from './views';

const back = <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>;

/** `/myna_connection/medical_exams`: the check-ups imported from the portal, newest first. */
export function MedicalExamsPage() {
  return (
    <MynaPage
      title="健診結果"
      lead="マイナポータルから取り込んだ特定健診の結果です。健診を選ぶと、項目ごとの値と判定、これまでの推移を見られます。"
    >
      <MedicalExamsView />
      {back}
    </MynaPage>
  );
}

/** `/myna_connection/medicines`: the medicines by date and pharmacy. */
export function MedicinesPage() {
  return (
    <MynaPage
      title="お薬の情報"
      lead="マイナポータルから取り込んだ薬剤情報です。調剤された日と薬局ごとに、お薬の名前と一般名、量と日数を表示します。"
    >
      <MedicinesView />
      {back}
    </MynaPage>
  );
}

/** `/myna_connection/medical_bills`: the bills and hand-entered receipts of a year, its total and the tax form's workbook. */
export function MedicalBillsPage() {
  return (
    <MynaPage
      title="医療費"
      lead="マイナポータルから取り込んだ医療費通知情報と、手入力した領収書です。医療費控除の申告に使う医療費集計フォームをダウンロードできます。"
    >
      <MedicalBillsView />
      {back}
    </MynaPage>
  );
}
