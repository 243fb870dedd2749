import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage } from '@sukoyaka/shared/server';
import { accountPages, AccountRoutes } from './AccountRoutes';

/** The first screen of the account area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(AccountRoutes, accountPages, request);
