import React from 'react';
import type { LifeCycles } from 'single-spa';

type Mount = LifeCycles['mount'];

/**
 * An area's lifecycles with its mount run as a React transition: React then renders the area's
 * first screen in slices of a few milliseconds, yielding to the browser between them, instead of
 * in one long task that blocks input (Lighthouse's Total Blocking Time). The commit is still one
 * step, so the area replaces the loading frame at once. single-spa-react calls `root.render` within
 * mount synchronously, which is what puts that render in the transition.
 */
export function mountingAsTransition(lifecycles: LifeCycles): LifeCycles {
  const wrap =
    (mount: Exclude<Mount, unknown[]>): Exclude<Mount, unknown[]> =>
    (props) => {
      let result: ReturnType<typeof mount> | undefined;
      React.startTransition(() => {
        result = mount(props);
      });
      return result!;
    };
  const { bootstrap, mount, unmount, update } = lifecycles;
  return {
    bootstrap,
    mount: Array.isArray(mount) ? mount.map(wrap) : wrap(mount),
    unmount,
    ...(update ? { update } : {}),
  };
}
