import './polyfills';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from '../routing/router';
import { ThemeProvider } from 'styled-components';
import { createQueryClient } from '../errors/query-client';
import { theme } from '../ui/theme';

export interface ProvidersOptions {
  /** Defaults to a fresh createQueryClient() (spec §7 options, empty cache). */
  queryClient?: QueryClient;
  /** Wraps the tree in a MemoryRouter at this entry when given. */
  route?: string;
}

/** The test page's address, for `route`: a page that reads its address through the router. */
export const windowAddress = () => window.location.pathname + window.location.search;

/** What an area's root (AreaRoot) provides, minus the browser router and the boundary. */
export function TestProviders({ children, queryClient, route }: ProvidersOptions & { children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const content = route === undefined ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>{content}</QueryClientProvider>
    </ThemeProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  options: ProvidersOptions & Omit<RenderOptions, 'wrapper'> = {},
): RenderResult & { queryClient: QueryClient } {
  const { queryClient = createQueryClient(), route, ...renderOptions } = options;
  const result = render(ui, {
    ...renderOptions,
    wrapper: ({ children }) => (
      <TestProviders queryClient={queryClient} route={route}>
        {children}
      </TestProviders>
    ),
  });
  return { ...result, queryClient };
}
