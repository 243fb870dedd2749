import { dirname, join } from 'node:path';
import '@testing-library/jest-dom';
import { AxiosError } from 'axios';
// What jsdom lacks and browsers have (see polyfills.ts).
import './polyfills';
import { httpClient } from '../api/http-client';

// The member's client talks to a test's fake bff (setupFakeBff); without one, a request fails at
// once as with the network down, instead of leaving through jsdom's XMLHttpRequest and outliving
// the test.
httpClient.defaults.adapter = (config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));

// BudouX (ui/phrases.tsx) reads HTML with the browser's DOMParser in a bundle (its package's
// `browser` field, which webpack follows) and with linkedom in Node; jest follows no `browser`
// field, so it is given the browser module here, as the bundle is.
const budouxDist = dirname(require.resolve('budoux'));
jest.doMock(join(budouxDist, 'dom.js'), () => jest.requireActual(join(budouxDist, 'dom-browser.js')));

// jsdom has no `word-break: auto-phrase`, so pages render through the BudouX fallback, as in
// Safari or Firefox. Loaded before each file's tests, so that a heading reads the same from its
// first render instead of changing under a test.
beforeAll(async () => {
  const { loadPhraseParser } = await import('../ui/phrases');
  await loadPhraseParser();
});
