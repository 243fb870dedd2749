import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage } from '@sukoyaka/shared/server';
import { adminPages, AdminRoutes } from './AdminRoutes';

/** The first screen of the operators' area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(AdminRoutes, adminPages, request);
