import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
// Default imports on purpose: webpack trims a namespace import of an external down to the
// names this file uses, and single-spa-react needs the whole modules.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider } from 'styled-components';
import { queryClient } from '../api/query-client';
import { FatalErrorBoundary, FatalErrorView } from '../errors/FatalErrorBoundary';
import { GlobalStyle, theme } from '../ui/theme';

/** What every area's root stands in: the theme, the shared QueryClient, the boundary, the router. */
export function AreaRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <FatalErrorBoundary>
          <BrowserRouter>{children}</BrowserRouter>
        </FatalErrorBoundary>
      </QueryClientProvider>
    </ThemeProvider>
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
      <ThemeProvider theme={theme}>
        <FatalErrorView error={error} />
      </ThemeProvider>
    ),
  });
}
