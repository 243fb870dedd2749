import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage, renderAreaParcel } from '@sukoyaka/shared/server';
import { ChallengesProgress } from './ChallengesProgressParcel';
import { IncentivesBalance } from './IncentivesBalanceParcel';
import { incentivesPages, IncentivesRoutes } from './IncentivesRoutes';

/** The first screen of the incentives (coins, points, gifts) area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(IncentivesRoutes, incentivesPages, request);

/** The incentives area's parcels on other areas' pages (home's balance card), rendered the same way. */
export const renderParcel = (name: string, request: PageRenderRequest) =>
  renderAreaParcel({ IncentivesBalanceParcel: IncentivesBalance, ChallengesProgressParcel: ChallengesProgress }, name, request);
