import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotFoundPage } from './not-found.tsx';

/** A new deploy removes old chunks; only a full reload fetches the new ones. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Every route's error boundary: a message in Portuguese and a retry, never a blank screen. It
 * renders inside the shell's outlet, so the header and footer stay usable.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle('Algo deu errado');

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    // A fresh navigation to the same address resets the boundary and renders the page again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };

  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" role="alert">
        <IconAlertTriangle size={48} color="var(--mantine-color-brasa-7)" aria-hidden="true" />
        <Title order={1} size="h2">
          Algo deu errado
        </Title>
        <Text>
          {isChunkLoadError(error)
            ? 'Não conseguimos carregar esta página. Verifique sua internet e tente novamente.'
            : 'Tivemos um probleminha ao exibir esta página. Tente novamente; se continuar, volte mais tarde.'}
        </Text>
        <Group justify="center">
          <Button onClick={retry}>Tentar novamente</Button>
          <Button component={Link} to={paths.home} variant="default">
            Ir para o início
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
