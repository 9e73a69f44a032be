import { Stack } from '@mantine/core';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { DadosSecao } from './components/dados-secao.tsx';
import { DominiosSecao } from './components/dominios-secao.tsx';
import { EntregaSecao } from './components/entrega-secao.tsx';
import { ExcecoesSecao } from './components/excecoes-secao.tsx';
import { FormasSecao } from './components/formas-secao.tsx';
import { HorariosSecao } from './components/horarios-secao.tsx';
import { MarcaSecao } from './marca/marca-secao.tsx';

/** /painel/:id/loja (owner): the establishment's data, brand, hours and holidays, delivery areas, payment methods and own host names. */
export default function LojaPage() {
  const { id, nome } = useEstabelecimentoAtual();
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageTitle>Loja</PageTitle>
      <DadosSecao idest={id} />
      <MarcaSecao idest={id} nome={nome} />
      <HorariosSecao idest={id} />
      <ExcecoesSecao idest={id} />
      <EntregaSecao idest={id} />
      <FormasSecao idest={id} />
      <DominiosSecao idest={id} />
    </Stack>
  );
}
