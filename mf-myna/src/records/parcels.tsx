import { createParcel, LoadingSkeleton } from '@sukoyaka/shared';
import { lazy, Suspense, type ComponentType } from 'react';

/*
 * The records as single-spa parcels, for mf-health's /health_reports, /medication/histories and
 * /medical_expenses/bills (mounted with mf-shared's AreaParcel): the same views as this area's
 * pages, written once. They use no router (the host owns the page): links are AppLinks. Each view
 * is loaded when the parcel mounts (its gate first, then its records: ./views.tsx), so the
 * area's entry stays small.
 */
function lazyView(load: () => Promise<ComponentType>, label: string) {
  const View = lazy(() => load().then((component) => ({ default: component })));
  return function LazyView() {
    return (
      <Suspense fallback={<LoadingSkeleton label={label} />}>
        <View />
      </Suspense>
    );
  };
}

export const MynaMedicalExamsParcel = createParcel(
  lazyView(() => import('./views').then((module) => module.MedicalExamsView), '健診結果を読み込んでいます'),
);
export const MynaMedicinesParcel = createParcel(
  lazyView(() => import('./views').then((module) => module.MedicinesView), 'お薬の情報を読み込んでいます'),
);
export const MynaMedicalBillsParcel = createParcel(
  lazyView(() => import('./views').then((module) => module.MedicalBillsView), '医療費を読み込んでいます'),
);
