import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A read that failed: what the server said (or 'Sem conexão') and a retry. */
export function ErroCarga({
  error,
  onRetry,
  titulo = 'Não foi possível carregar.',
}: {
  error: unknown;
  onRetry?: () => void;
  titulo?: string;
}) {
  const texto = error instanceof Error ? error.message : 'Erro não identificado.';
  return (
    <Alert
      color="red"
      variant="light"
      title={titulo}
      icon={<IconAlertTriangle aria-hidden="true" />}
      role="alert"
    >
      {texto}
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Tentar novamente
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
