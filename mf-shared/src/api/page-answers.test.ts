import { PAGE_ANSWERS_ELEMENT_ID } from '@sukoyaka/contract';
import { reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { api } from './calls';
import { PAGE_ANSWERS_FRESH_MS } from './page-answers';

/** The page as the bff answers it to a signed-in member (bff/src/web/site.ts). */
function pageCarries(path: string, answers: Record<string, unknown>, raw?: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = raw ?? JSON.stringify({ path, answers });
  document.body.append(element);
  window.history.replaceState(null, '', path);
}

const SUMMARY = { answered: 'from the page' };

describe('the page’s first answers (issue 9)', () => {
  const bff = setupFakeBff();

  beforeEach(() => bff.onCall('getVitalsSummary', reply({ answered: 'by the bff' })));
  afterEach(() => {
    document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
    window.history.replaceState(null, '', '/');
    jest.restoreAllMocks();
  });

  it('answers the first call from the page, without asking; the next call asks the bff', async () => {
    pageCarries('/vitals', { getVitalsSummary: SUMMARY });
    await expect(api.getVitalsSummary({})).resolves.toEqual(SUMMARY);
    expect(bff.callsOf('getVitalsSummary')).toHaveLength(0);
    await expect(api.getVitalsSummary({})).resolves.toEqual({ answered: 'by the bff' });
    expect(bff.callsOf('getVitalsSummary')).toHaveLength(1);
  });

  it('asks the bff once the member is on another page, and for every call after that', async () => {
    pageCarries('/vitals', { getVitalsSummary: SUMMARY, getUserInfo: { answered: 'from the page' } });
    window.history.pushState(null, '', '/points');
    await expect(api.getVitalsSummary({})).resolves.toEqual({ answered: 'by the bff' });
    window.history.pushState(null, '', '/vitals');
    bff.onCall('getUserInfo', reply({ answered: 'by the bff' }));
    await expect(api.getUserInfo()).resolves.toEqual({ answered: 'by the bff' });
  });

  it('asks the bff when the page is older than its answers may be', async () => {
    pageCarries('/vitals', { getVitalsSummary: SUMMARY });
    jest.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWERS_FRESH_MS + 1);
    await expect(api.getVitalsSummary({})).resolves.toEqual({ answered: 'by the bff' });
  });

  it('answers only a call without input, and asks for a call the page has no answer to', async () => {
    pageCarries('/vitals/steps', { listSteps: { answered: 'from the page' } });
    bff.onCall('listSteps', reply({ answered: 'by the bff' }));
    await expect(api.listSteps({ limit: 5 } as never)).resolves.toEqual({ answered: 'by the bff' });
    await expect(api.getVitalsSummary({})).resolves.toEqual({ answered: 'by the bff' });
  });

  it('an unreadable element is ignored: the call asks the bff', async () => {
    pageCarries('/vitals', {}, '{not json');
    await expect(api.getVitalsSummary({})).resolves.toEqual({ answered: 'by the bff' });
  });
});
