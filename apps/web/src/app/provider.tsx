import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { clearCustomerQueries } from '../lib/customer-queries.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { getSessionGeneration, subscribeSession } from '../stores/session.ts';
import { Notifications } from './lazy-notifications.tsx';
import { cssVariablesResolver, theme } from '../shared/lib/theme.ts';

/**
 * Another session (a login, a logout, another tab's) drops the previous customer's cached
 * answers; menus and establishments stay. A token refresh is the same session.
 */
export function CustomerQueryReset({ queryClient }: { queryClient: QueryClient }) {
  // The session this cache belongs to, as of the first render (a change before the effect runs
  // still counts).
  const seen = useRef(getSessionGeneration());
  useEffect(() => {
    const check = () => {
      const now = getSessionGeneration();
      if (now === seen.current) return;
      seen.current = now;
      clearCustomerQueries(queryClient);
    };
    check();
    return subscribeSession(check);
  }, [queryClient]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* Top centre keeps notices clear of the mobile bottom bar and the cookie banner. */}
      <Notifications position="top-center" zIndex={1000} />
      <CustomerQueryReset queryClient={queryClient} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
