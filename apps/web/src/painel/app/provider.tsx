import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
// The customer's theme module imports nothing but Mantine: the same colours and accessible
// defaults (field errors as alerts, AA greys) without any customer code.
import { cssVariablesResolver, theme } from '../../shared/lib/theme.ts';
import { createPainelQueryClient } from '../api/query-client.ts';
import { getStaffSessionGeneration, subscribeStaffSession } from '../session.ts';
import { PainelNotifications } from './lazy-notifications.tsx';

/** Another person signing in (or out) drops everything cached for the previous one. */
function SessionQueryReset({ queryClient }: { queryClient: QueryClient }) {
  const seen = useRef(getStaffSessionGeneration());
  useEffect(() => {
    const check = () => {
      const now = getStaffSessionGeneration();
      if (now === seen.current) return;
      seen.current = now;
      queryClient.clear();
    };
    check();
    return subscribeStaffSession(check);
  }, [queryClient]);
  return null;
}

export function PainelProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createPainelQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <PainelNotifications position="top-right" zIndex={1000} />
      <SessionQueryReset queryClient={client} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
