import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A pending payment's panel on the tracking page (PIX, debit): a section named by its title. */
export function PainelPagamento({
  icone,
  titulo,
  children,
}: {
  icone: ReactNode;
  titulo: string;
  children: ReactNode;
}) {
  const tituloId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={tituloId}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          {icone}
          <Title order={2} fz="md" id={tituloId}>
            {titulo}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
