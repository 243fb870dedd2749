import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage } from '@sukoyaka/shared/server';
import { incentivesPages, IncentivesRoutes } from './IncentivesRoutes';

/** The first screen of the incentives (coins, points, gifts) area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(IncentivesRoutes, incentivesPages, request);
