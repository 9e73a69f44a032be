import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';
import { IconAlertCircle, IconReceiptOff } from '@tabler/icons-react';

/** The cards' outline while a list loads. */
export function ListaSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Stack gap={8}>
            <Skeleton height={16} width="55%" radius="sm" />
            <Skeleton height={12} width="40%" radius="sm" />
            <Skeleton height={12} width="20%" radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A list that could not be read: the spec's text, the hint to reload and a retry. */
export function ListaErro({
  texto,
  onRetry,
  retrying,
}: {
  texto: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={texto}>
      <Text size="sm">{MSG_PEDIDO.recarregarPagina}</Text>
      <Button mt="sm" size="xs" variant="white" color="red.9" onClick={onRetry} loading={retrying}>
        {MSG_PEDIDO.tentarNovamente}
      </Button>
    </Alert>
  );
}

export function ListaVazia({ texto }: { texto: string }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <IconReceiptOff size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text c="dimmed" ta="center">
        {texto}
      </Text>
    </Stack>
  );
}
