import { Button, Group, Stack } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { painelPaths } from '../../paths.ts';
import { useCardapio } from '../../api/cardapio.ts';
import { CardapioEditor } from './components/cardapio-editor.tsx';

/** /painel/:id/cardapio (owner): categories, products and option groups, with a live preview. */
export default function CardapioPage() {
  const { id } = useEstabelecimentoAtual();
  const cardapio = useCardapio(id);
  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="center" gap="xs">
        <PageTitle>Cardápio</PageTitle>
        <Button
          component={Link}
          to={painelPaths.cardapioArquivo(id)}
          variant="default"
          size="sm"
          leftSection={<IconFileImport size={16} aria-hidden="true" />}
        >
          Importar ou exportar
        </Button>
      </Group>
      {cardapio.isPending ? <PageLoader /> : null}
      {cardapio.isError ? <ErroCarga error={cardapio.error} onRetry={() => void cardapio.refetch()} /> : null}
      {cardapio.data ? <CardapioEditor cardapio={cardapio.data} idest={id} /> : null}
    </Stack>
  );
}
