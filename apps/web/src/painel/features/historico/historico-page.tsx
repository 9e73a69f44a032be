import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CardapioPainel } from '@rango/domain/painel/catalogo';
import { useMemo } from 'react';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCardapio } from '../../api/cardapio.ts';
import { useAuditoria } from './api.ts';
import classes from './historico-page.module.css';
import { autor, descrever, formatQuando, type Nomes } from './lib/descrever.ts';

/** Today's names of the menu's things, for the rows that carry only an id (a new order, a photo). */
function nomesDo(c: CardapioPainel | undefined): Nomes {
  if (!c) return {};
  const produtos = c.categorias.flatMap((x) => x.produtos);
  return {
    categoria: new Map(c.categorias.map((x) => [x.idgrupo, x.descricao])),
    produto: new Map(produtos.map((p) => [p.idproduto, p.descricao])),
    grupo_opcao: new Map(c.gruposopcao.map((g) => [g.idgrupoopcao, g.descricao])),
    opcao: new Map(c.gruposopcao.flatMap((g) => g.opcoes.map((o) => [o.idopcao, o.descricao] as const))),
  };
}

/**
 * /painel/:id/historico (owner): every change of the store's data, menu and coupons — who, what,
 * when — newest first, 50 at a time with 'Carregar mais'.
 */
export default function HistoricoPage() {
  const { id } = useEstabelecimentoAtual();
  const q = useAuditoria(id);
  const cardapio = useCardapio(id);
  const nomes = useMemo(() => nomesDo(cardapio.data), [cardapio.data]);
  const itens = q.data?.pages.flatMap((p) => p.itens) ?? [];
  return (
    <Stack gap="md" maw={880} mx="auto" w="100%">
      <PageTitle>Histórico de alterações</PageTitle>
      <Text size="sm" c="dimmed">
        Quem mudou o quê nos dados da loja, no cardápio e nos cupons, das mudanças mais recentes para as mais
        antigas.
      </Text>
      {q.isPending ? <PageLoader /> : null}
      {q.isError && itens.length === 0 ? (
        <ErroCarga error={q.error} onRetry={() => void q.refetch()} />
      ) : null}
      {q.isSuccess && itens.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text>Nenhuma alteração registrada ainda.</Text>
        </Paper>
      ) : null}
      {itens.length > 0 ? (
        <Paper withBorder radius="md" component="section" aria-label="Alterações">
          <ol className={classes.lista}>
            {itens.map((i) => (
              <li key={i.id} className={classes.item}>
                <time dateTime={i.criado_em} className={classes.quando}>
                  {formatQuando(i.criado_em)}
                </time>
                <span className={classes.quem}>{autor(i)}</span>
                <span className={classes.oque}>{descrever(i, nomes)}</span>
              </li>
            ))}
          </ol>
        </Paper>
      ) : null}
      {q.isFetchNextPageError ? (
        <Alert color="red" variant="light" role="alert" title="Não foi possível carregar mais.">
          {q.error.message}
        </Alert>
      ) : null}
      {q.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            Carregar mais
          </Button>
        </Group>
      ) : itens.length > 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          Não há alterações mais antigas.
        </Text>
      ) : null}
    </Stack>
  );
}
