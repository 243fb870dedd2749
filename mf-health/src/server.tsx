import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage } from '@sukoyaka/shared/server';
import { healthPages, HealthRoutes } from './HealthRoutes';

/** The first screen of the health area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(HealthRoutes, healthPages, request);
