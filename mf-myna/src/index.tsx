import { createAreaLifecycles, preloadPageAt } from '@sukoyaka/shared';
import { mynaPages, MynaRoutes } from './MynaRoutes';

const lifecycles = createAreaLifecycles(MynaRoutes);
// The page's chunk first (the server preloaded it), so the first render does not suspend.
const loadPage = () => preloadPageAt(mynaPages, window.location.pathname);

export const bootstrap = [loadPage, lifecycles.bootstrap];
export const mount = [loadPage, lifecycles.mount];
export const { unmount } = lifecycles;

/*
 * The member's records, written once here and mounted by mf-health's /health_reports,
 * /medication/histories and /medical_expenses/bills (DESIGN.md: cross-area widgets are parcels
 * of the owning area).
 */
export { MynaMedicalBillsParcel, MynaMedicalExamsParcel, MynaMedicinesParcel } from './records/parcels';
