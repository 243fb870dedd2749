import { LoadingSkeleton } from '@sukoyaka/shared';
import { lazy, Suspense, type ComponentType } from 'react';
import { RecordsGate } from '../parts/RecordsGate';

/*
 * The records behind their gate (a card linked, a secret question registered and freshly
 * answered), for this area's pages and mf-health's (the parcels). The gate decides first; the
 * records' own chunk, with the widgets the bills use, loads once they can be read: a member
 * without a fresh answer goes on to /verify without loading them (issue 27's script budget).
 */
function gated(what: string, load: () => Promise<ComponentType>) {
  const Records = lazy(() => load().then((component) => ({ default: component })));
  return function GatedRecords() {
    return (
      <RecordsGate what={what}>
        <Suspense fallback={<LoadingSkeleton label={`${what}を読み込んでいます`} />}>
          <Records />
        </Suspense>
      </RecordsGate>
    );
  };
}

export const MedicalExamsView = gated('健診結果', () => import('./MedicalExamsView').then((module) => module.ExamList));
export const MedicinesView = gated('お薬の情報', () => import('./MedicinesView').then((module) => module.Dispensings));
export const MedicalBillsView = gated('医療費', () => import('./MedicalBillsView').then((module) => module.MedicalExpenses));
