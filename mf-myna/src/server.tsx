import type { PageRenderRequest } from '@sukoyaka/contract';
import { renderAreaPage } from '@sukoyaka/shared/server';
import { mynaPages, MynaRoutes } from './MynaRoutes';

/** The first screen of the My Number area's page, for the bff to send with it (mf-shared/src/server). */
export const renderPage = (request: PageRenderRequest) => renderAreaPage(MynaRoutes, mynaPages, request);
