import { MSG_CONTA } from '@rango/domain';
import { Alert, Container, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCliente } from '../../../api/cliente.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CartoesSection } from '../components/cartoes-section.tsx';
import { EnderecosSection } from '../components/enderecos-section.tsx';
import { MeusDadosSection } from '../components/meus-dados-section.tsx';
import { PerfilForm } from '../components/perfil-form.tsx';
import { SeusDadosPage } from './seus-dados-page.tsx';

const TITULO = 'Dados do cadastro';

// Loaded by this page itself: the app's entry chunk (the menu route's JS) names no new chunk.
const NotificacoesSection = lazy(() =>
  import('../../../components/notificacoes-escolha.tsx').then((m) => ({ default: m.NotificacoesSection })),
);

/**
 * /cliente/* (login required; one chunk, so the app's entry gains no route): /cliente itself, and
 * /cliente/seus-dados (issue 14, LGPD: what is kept and why).
 */
export default function ClienteRoutes() {
  const resto = useLocation()
    .pathname.replace(/^\/cliente\/?/, '')
    .replace(/\/$/, '');
  if (resto === 'seus-dados') return <SeusDadosPage />;
  // Nothing else lives under /cliente: back to the profile.
  if (resto !== '') return <Navigate to="/cliente" replace />;
  return <ClientePage />;
}

/** /cliente: the profile form, the address list, the saved cards and the customer's data (LGPD). */
function ClientePage() {
  useDocumentTitle(TITULO);
  const cliente = useCliente();
  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xl">
        <Paper
          component="section"
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          aria-labelledby="perfil-titulo"
        >
          <Title order={1} size="h2" mb="md" id="perfil-titulo">
            {TITULO}
          </Title>
          {/* Data first: a failed background refetch keeps the form (and its unsaved edits). */}
          {cliente.data ? (
            <PerfilForm key={cliente.data.id} cliente={cliente.data} />
          ) : cliente.isPending ? (
            <Stack gap="sm" aria-busy="true" aria-label="Carregando seus dados">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={58} radius="sm" />
              ))}
            </Stack>
          ) : (
            <Alert color="red" role="alert">
              {MSG_CONTA.erroObterDados}
            </Alert>
          )}
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <EnderecosSection />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <CartoesSection />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={null}>
            <NotificacoesSection />
          </Suspense>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <MeusDadosSection />
        </Paper>
      </Stack>
    </Container>
  );
}
