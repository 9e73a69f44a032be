import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AppModal } from '../../../shared/components/app-modal.tsx';

interface SecaoListaProps<T> {
  /** The heading's id (names the section). */
  id: string;
  titulo: string;
  /** The add button ('Novo endereço', 'Novo cartão'). */
  novo: { rotulo: string; onClick: () => void };
  /** The list query: pending, or its data (undefined after a failed first load). */
  lista: { isPending: boolean; data: T[] | undefined };
  carregando: { rotulo: string; alturas: number[] };
  erro: string;
  vazio: { titulo: string; dica: string };
  /** One <li> per item. */
  item: (item: T) => ReactNode;
  /** The section's modals. */
  children?: ReactNode;
}

/**
 * A profile list of saved things (addresses, cards): heading with the add button, then loading,
 * load error, empty or the list. A failed background refetch keeps the list on screen.
 */
export function SecaoLista<T>({
  id,
  titulo,
  novo,
  lista,
  carregando,
  erro,
  vazio,
  item,
  children,
}: SecaoListaProps<T>) {
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id={id}>
          {titulo}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={novo.onClick}
        >
          {novo.rotulo}
        </Button>
      </Group>
      {lista.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={carregando.rotulo}>
          {carregando.alturas.map((h, i) => (
            <Skeleton key={i} height={h} radius="md" />
          ))}
        </Stack>
      ) : lista.data === undefined ? (
        <Alert color="red" role="alert">
          {erro}
        </Alert>
      ) : lista.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Text>{vazio.titulo}</Text>
          <Text size="sm" c="dimmed">
            {vazio.dica}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {lista.data.map(item)}
        </Stack>
      )}
      {children}
    </section>
  );
}

interface ConfirmarExclusaoProps {
  titulo: string;
  /** The question; null keeps the modal closed. */
  pergunta: string | null;
  pendente: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Excluir …?' with 'Cancelar' (focused first) and 'Excluir'. */
export function ConfirmarExclusao({
  titulo,
  pergunta,
  pendente,
  onCancel,
  onConfirm,
}: ConfirmarExclusaoProps) {
  return (
    <AppModal opened={pergunta !== null} onClose={onCancel} title={titulo} centered>
      {pergunta !== null && (
        <Stack gap="md">
          <Text>{pergunta}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancelar
            </Button>
            <Button color="red.9" onClick={onConfirm} loading={pendente}>
              Excluir
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
