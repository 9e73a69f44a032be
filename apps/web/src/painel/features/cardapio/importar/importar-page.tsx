import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';

/** /painel/:id/cardapio/arquivo (owner): export the menu, import a file with a dry run first. */
export default function ImportarPage() {
  return (
    <Stack gap="md" w="100%">
      <PageTitle>Importar e exportar o cardápio</PageTitle>
    </Stack>
  );
}
