import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
// Default imports on purpose: webpack trims a namespace import of an external down to the
// names this file uses, and single-spa-react needs the whole modules.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from '../routing/router';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider } from 'styled-components';
import { queryClient } from '../errors/query-client';
import { FatalErrorBoundary, FatalErrorView } from '../parts/FatalErrorBoundary';
import { AlertModal } from '../ui/AlertModal';
import { GlobalStyle, theme } from '../ui/theme';

/**
 * The theme and the one QueryClient: what any tree of ours renders inside (on the server, a
 * render's own client: mf-shared/src/server).
 */
export function SharedProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}

/**
 * What every area's root stands in: the shared providers, the one alert modal (its state is
 * shared by all areas, and one area is on screen at a time), the boundary, the router.
 */
export function AreaRoot({ children }: { children: ReactNode }) {
  return (
    <SharedProviders>
      <AlertModal />
      <FatalErrorBoundary>
        <BrowserRouter>{children}</BrowserRouter>
      </FatalErrorBoundary>
    </SharedProviders>
  );
}

/**
 * The single-spa lifecycles of an area. An error that escapes even the area's boundary (or a
 * failure while mounting) shows the full-screen error page for that area only.
 */
export function createAreaLifecycles(Root: ComponentType) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <AreaRoot>
        <Root />
      </AreaRoot>
    ),
    errorBoundary: (error: Error) => (
      <SharedProviders>
        <FatalErrorView error={error} />
      </SharedProviders>
    ),
  });
}
