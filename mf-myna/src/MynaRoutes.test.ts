import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mynaPages } from './MynaRoutes';

describe('the My Number area’s lazy pages', () => {
  test('each page’s chunk is named after its own route, so the server preloads the right chunk', () => {
    const source = readFileSync(path.join(__dirname, 'MynaRoutes.tsx'), 'utf8');
    const chunkRoutes = [...source.matchAll(/webpackChunkName: "route:([^"]+)"/g)].map((match) => match[1]);
    expect(chunkRoutes).toEqual(mynaPages.map((route) => route.path));
  });

  test('every /myna_connection page of the spec (§2) has a route', () => {
    const spec = [
      '',
      '/agreements',
      '/callback',
      '/complete',
      '/mistake',
      '/verify',
      '/secret_question/guidance',
      '/secret_question/new',
      '/secret_question/confirm',
      '/secret_question/reset/guidance',
      '/medical_bills',
      '/medical_exams',
      '/medicines',
      '/removeSensitives',
      '/import',
      '/export',
      '/check_sheet',
    ].map((suffix) => `/myna_connection${suffix}`);
    const routes = mynaPages.map((route) => route.path);
    for (const page of spec) expect(routes).toContain(page);
  });
});
