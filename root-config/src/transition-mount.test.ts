import React from 'react';
import { mountingAsTransition } from './transition-mount';

describe('mountingAsTransition: an area’s first render yields to the browser (issue 9, TBT)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs the area’s mount inside startTransition, so the render it schedules is a transition', async () => {
    let inTransition = false;
    jest.spyOn(React, 'startTransition').mockImplementation((callback) => {
      inTransition = true;
      try {
        callback();
      } finally {
        inTransition = false;
      }
    });
    // single-spa-react's mount renders synchronously, then answers a promise.
    const seen: boolean[] = [];
    const mount = async () => {
      seen.push(inTransition);
      return 'mounted';
    };
    const first = async () => {
      seen.push(inTransition);
    };
    const wrapped = mountingAsTransition({ bootstrap: async () => undefined, mount, unmount: async () => undefined });
    await expect((wrapped.mount as (props: never) => Promise<unknown>)({} as never)).resolves.toBe('mounted');
    const several = mountingAsTransition({ bootstrap: async () => undefined, mount: [first, mount], unmount: async () => undefined });
    for (const step of several.mount as ((props: never) => Promise<unknown>)[]) await step({} as never);
    expect(seen).toEqual([true, true, true]);
  });

  it('keeps the other lifecycles as they are', () => {
    const bootstrap = async () => undefined;
    const unmount = async () => undefined;
    const update = async () => undefined;
    const wrapped = mountingAsTransition({ bootstrap, mount: async () => undefined, unmount, update });
    expect(wrapped.bootstrap).toBe(bootstrap);
    expect(wrapped.unmount).toBe(unmount);
    expect(wrapped.update).toBe(update);
  });
});
