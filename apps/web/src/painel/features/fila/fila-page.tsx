// Placeholder: the live order queue is built in features/fila by another engineer, who replaces
// this file. The router lazy-loads its default export under /painel/:id; the establishment
// (id, name, role) comes from useEstabelecimento() in app/estabelecimento.ts.
import { Stack, Text } from '@mantine/core';
import { useEstabelecimento } from '../../app/estabelecimento.ts';
import { PageTitle } from '../../components/page-title.tsx';

export default function FilaPage() {
  const { nome } = useEstabelecimento();
  return (
    <Stack>
      <PageTitle title={`Pedidos · ${nome}`}>Pedidos</PageTitle>
      <Text c="dimmed">A fila de pedidos aparece aqui.</Text>
    </Stack>
  );
}
