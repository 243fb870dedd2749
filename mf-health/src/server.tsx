import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage, renderAreaParcel } from '@sukoyaka/shared/server';
import { healthPages, HealthRoutes } from './HealthRoutes';
import { VitalsToday } from './vitals/VitalsTodayParcel';

/** The first screen of the health area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(HealthRoutes, healthPages, request);

/** The health area's parcels on other areas' pages (home's vitals card), rendered the same way. */
export const renderParcel = (name: string, request: PageRenderRequest) =>
  renderAreaParcel({ VitalsTodayParcel: VitalsToday }, name, request);
