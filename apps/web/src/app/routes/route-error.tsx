import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** A new deploy removes old chunks (or the network dropped); only a reload fetches them again. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

export function RouteError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useDocumentTitle('Algo deu errado');
  const chunk = isChunkLoadError(error);
  // React.lazy remembers a failed import, so only a reload retries it; other errors re-render.
  const retry = chunk ? () => window.location.reload() : onRetry;
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" role="alert">
        <IconAlertTriangle size={48} color="var(--mantine-color-brasa-7)" aria-hidden="true" />
        <Title order={1} size="h2">
          Algo deu errado
        </Title>
        <Text>
          {chunk
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
