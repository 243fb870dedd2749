import type { PrerenderedPage } from '@sukoyaka/contract';
import { createContext, use, useContext, useEffect, useRef, useState, type ComponentType } from 'react';
// Default imports on purpose, as in area.tsx: single-spa-react needs the whole modules.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { Button, LoadingSkeleton, Text } from '../ui/primitives';
import { SharedProviders } from './area';

/**
 * A cross-area widget as a single-spa parcel (DESIGN.md: the owning area exports it, the host page
 * mounts it): the shared providers and no router, since the host owns the page. A widget that
 * throws shows a short notice in its own place; the host page keeps working.
 */
export function createParcel(Widget: ComponentType) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <SharedProviders>
        <Widget />
      </SharedProviders>
    ),
    errorBoundary: () => (
      <SharedProviders>
        <Text $muted>この項目を表示できませんでした。</Text>
      </SharedProviders>
    ),
  });
}

declare global {
  interface Window {
    System?: { import(specifier: string): Promise<Record<string, unknown>> };
  }
}

/** Loads `name` exported by the area module `area` through the import map (SystemJS). */
export async function importParcel(area: string, name: string): Promise<ParcelConfig> {
  if (!window.System) throw new Error('SystemJS is not loaded');
  const module = await window.System.import(area);
  const parcel = module[name];
  if (!parcel || typeof parcel !== 'object') throw new Error(`${area} exports no parcel ${name}`);
  return parcel as ParcelConfig;
}

export interface AreaParcelProps {
  /** The owning area's module name in the import map, e.g. `@sukoyaka/incentives`. */
  area: string;
  /** The parcel's export name, e.g. `IncentivesBalanceParcel`. */
  name: string;
  /** What the skeleton says while the area loads. */
  label: string;
  /** How the parcel is fetched; tests pass their own. */
  load?: (area: string, name: string) => Promise<ParcelConfig>;
}

type State = 'loading' | 'mounted' | 'failed';

/**
 * On the server (mf-shared/src/server): another area's parcel, rendered by that area's server
 * render (PageRenderRequest.renderParcel), one promise per parcel and page render.
 */
export type ServerParcelRender = (area: string, name: string) => Promise<PrerenderedPage | null>;
export const ServerParcelContext = createContext<ServerParcelRender | null>(null);

/** The attribute of a parcel's server markup, which the client keeps until the parcel mounts. */
const PARCEL_ATTRIBUTE = 'data-sukoyaka-parcel';
const parcelKey = (area: string, name: string) => `${area} ${name}`;

/** The server's markup of the parcel, its styles with it (the page's own go once the area mounts). */
function ServerParcel({ area, name, label, render }: { area: string; name: string; label: string; render: ServerParcelRender }) {
  const parcel = use(render(area, name));
  if (!parcel) return <LoadingSkeleton label={label} rows={2} />;
  const markup = `<style>${parcel.css.replace(/<\//g, '<\\/')}</style>${parcel.html}`;
  return <div {...{ [PARCEL_ATTRIBUTE]: parcelKey(area, name) }} dangerouslySetInnerHTML={{ __html: markup }} />;
}

/** The server's markup of the parcel in the page, if the page came with it (read before the area replaces it). */
function serverMarkupOf(area: string, name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const element of document.querySelectorAll(`[${PARCEL_ATTRIBUTE}]`)) {
    if (element.getAttribute(PARCEL_ATTRIBUTE) === parcelKey(area, name)) return element.innerHTML;
  }
  return null;
}

/**
 * Mounts another area's parcel in place. Each parcel loads on its own: while its area loads the
 * place shows a skeleton, and an area that fails to load (or to mount) shows a notice with a
 * retry there alone, so one slow or broken area never holds up the rest of the page.
 */
export function AreaParcel({ area, name, label, load = importParcel }: AreaParcelProps) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  // Issue 28: the server's markup of the parcel stays in its place until the parcel has mounted.
  const [serverMarkup] = useState(() => serverMarkupOf(area, name));
  const renderOnServer = useContext(ServerParcelContext);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let parcel: ReturnType<typeof mountRootParcel> | null = null;
    setState('loading');
    load(area, name)
      .then(async (config) => {
        if (cancelled || !host.current) return;
        parcel = mountRootParcel(config, { domElement: host.current });
        await parcel.mountPromise;
        if (!cancelled) setState('mounted');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      // A parcel still mounting is unmounted once it has mounted; one that failed has nothing to undo.
      if (parcel) void parcel.mountPromise.then(() => parcel!.unmount()).catch(() => undefined);
    };
  }, [area, name, load, attempt]);

  if (renderOnServer) {
    return (
      <div>
        <ServerParcel area={area} name={name} label={label} render={renderOnServer} />
      </div>
    );
  }
  return (
    <div>
      {state === 'loading' && serverMarkup !== null ? (
        <div {...{ [PARCEL_ATTRIBUTE]: parcelKey(area, name) }} dangerouslySetInnerHTML={{ __html: serverMarkup }} />
      ) : null}
      {state === 'loading' && serverMarkup === null ? <LoadingSkeleton label={label} rows={2} /> : null}
      {state === 'failed' ? (
        <div role="status">
          <Text $muted>この項目を読み込めませんでした。</Text>
          <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
            再読み込み
          </Button>
        </div>
      ) : null}
      {/* Hidden while the server's markup stands in for it: the two swap in one commit, without a shift. */}
      <div ref={host} hidden={state === 'failed' || (state === 'loading' && serverMarkup !== null)} />
    </div>
  );
}
