import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MSG_PEDIDO, STATUS, STATUS_FINALIZADOS, currentStatus, parseId } from '@rango/domain';
import { IconArrowLeft, IconReceiptOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useMarca } from '../../../api/marca.ts';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePedido } from '../api/get-pedido.ts';
import { AvaliacaoPedido } from '../components/avaliacao-pedido.tsx';
import { AvisoOffline } from '../components/aviso-offline.tsx';
import { EstabelecimentoLogo } from '../components/estabelecimento-logo.tsx';
import { EstornoAviso } from '../components/estorno-aviso.tsx';
import { PagamentoPendenteSlot } from '../components/pagamento-pendente-slot.tsx';
import { PedidoDetalhes } from '../components/pedido-detalhes.tsx';
import { PedirDeNovoBotao } from '../components/pedir-de-novo-botao.tsx';
import { PedidoContato, PedidoEndereco } from '../components/pedido-local.tsx';
import { PedidoStatus } from '../components/pedido-status.tsx';
import { formatDataHora } from '../lib/datas.ts';
import { PedidoIlegivelError, type PedidoDetalhe } from '../lib/pedido-json.ts';
import classes from '../components/pedido.module.css';

function Titulo() {
  return (
    <Title order={1} size="h2" mb="md">
      {MSG_PEDIDO.acompanharPedido}
    </Title>
  );
}

function NaoEncontrado() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <IconReceiptOff size={48} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text fw={700} size="lg">
        {MSG_PEDIDO.pedidoNaoEncontrado}
      </Text>
      <Text c="dimmed">{MSG_PEDIDO.pedidoNaoEncontradoTexto}</Text>
      <Button component={Link} to={paths.pedidos} variant="light">
        {MSG_PEDIDO.meusPedidos}
      </Button>
    </Stack>
  );
}

function Carregando() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando o pedido" role="status">
      <Group gap="md" wrap="nowrap">
        <Skeleton height={56} width={56} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={20} width="50%" radius="sm" />
          <Skeleton height={12} width="35%" radius="sm" />
        </Stack>
      </Group>
      <div className={classes.colunas}>
        <Skeleton height={280} radius="md" />
        <Skeleton height={200} radius="md" />
      </div>
    </Stack>
  );
}

// Loaded by this page itself: the app's entry chunk (the menu route's JS) names no new chunk.
const QuerSaberDoPedido = lazy(() =>
  import('../../../components/notificacoes-escolha.tsx').then((m) => ({ default: m.QuerSaberDoPedido })),
);

/** This order's GETs (the order, its status, its receipt) answered by the service worker offline. */
const PEDIDO_API = /\/controle\/pedido\/\d+\//;

function Pedido({
  pedido,
  erroAtualizar,
  logo,
}: {
  pedido: PedidoDetalhe;
  erroAtualizar: boolean;
  /** The restaurant's brand logo, when it has one (else the establishment's own picture). */
  logo: string | null | undefined;
}) {
  const est = pedido.estabelecimento;
  const status = currentStatus(pedido.historico);
  // Issue 22: a delivered (or concluded, also a pickup) order can be rated.
  const avaliavel = status === STATUS.Entregue || status === STATUS.Concluido;
  // An open order: the moment to ask how the customer wants to hear about it.
  const aberto = status !== null && !STATUS_FINALIZADOS.includes(status);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <EstabelecimentoLogo nome={est.apelidooufantasia} logo={logo ?? est.logo} size={56} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              <VisuallyHidden component="span">{MSG_PEDIDO.acompanharPedido}:</VisuallyHidden>{' '}
              {est.apelidooufantasia}
            </Title>
            <Text size="sm" c="dimmed">
              Pedido #{pedido.referencia} · {formatDataHora(pedido.dthrpedido)}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <PedirDeNovoBotao pedido={pedido} />
          {/* `estabelecimento.id` is the company (idpessoa); the menu route takes the establishment id. */}
          <Button
            component={Link}
            to={paths.estabelecimento(pedido.deliveryestabelecimento)}
            variant="light"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {MSG_PEDIDO.continuarComprando}
          </Button>
        </Group>
      </Group>
      <AvisoOffline caminho={PEDIDO_API} />
      {erroAtualizar ? (
        <Alert color="yellow" variant="light" role="alert">
          {MSG_PEDIDO.erroObterPedido}
        </Alert>
      ) : null}
      <PagamentoPendenteSlot pedido={pedido} />
      {aberto ? (
        <Suspense fallback={null}>
          <QuerSaberDoPedido />
        </Suspense>
      ) : null}
      <div className={classes.colunas}>
        <Stack gap="md">
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-label="Andamento"
          >
            <Stack gap="md">
              <PedidoStatus pedido={pedido} />
              {/* Right under the timeline's cancellation ('Pagamentos online são estornados automaticamente.'). */}
              <EstornoAviso pedido={pedido} />
            </Stack>
          </Paper>
          {avaliavel ? <AvaliacaoPedido idpedido={pedido.id} /> : null}
        </Stack>
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <PedidoEndereco pedido={pedido.pedido_json} estabelecimento={est} />
              <PedidoContato fones={est.fone_set} />
            </Stack>
          </Paper>
          <PedidoDetalhes pedido={pedido.pedido_json} />
        </Stack>
      </div>
    </Stack>
  );
}

/** The pending and completed lists (and the shell's badge) follow the order: asked again on opening and on each new status. */
function useRefreshListsOnStatus(id: number, status: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === null) return;
    void queryClient.invalidateQueries({
      queryKey: PEDIDOS_KEY,
      predicate: (q) => q.queryKey[1] === 'pendentes' || q.queryKey[1] === 'concluidos',
    });
  }, [queryClient, id, status]);
}

function Acompanhamento({ id }: { id: number }) {
  const pedido = usePedido(id);
  const status = pedido.data ? currentStatus(pedido.data.historico) : null;
  useRefreshListsOnStatus(id, status);
  useDocumentTitle(pedido.data ? `Pedido #${pedido.data.referencia}` : MSG_PEDIDO.acompanharPedido);
  // Issue 23: the restaurant's brand, learnt from the order (on the platform's host the shell is
  // Rango's: the server does not tell an order's establishment to whoever asks for its id).
  const marca = useMarca(pedido.data?.deliveryestabelecimento);

  if (pedido.data)
    return <Pedido pedido={pedido.data} erroAtualizar={pedido.isRefetchError} logo={marca?.logo} />;
  if (pedido.isError) {
    const erro = pedido.error;
    if (erro instanceof ApiError && erro.status === 404) {
      return (
        <>
          <Titulo />
          <NaoEncontrado />
        </>
      );
    }
    return (
      <>
        <Titulo />
        <Alert
          color="red"
          role="alert"
          title={
            erro instanceof PedidoIlegivelError
              ? MSG_PEDIDO.problemaComPedido(erro.referencia)
              : MSG_PEDIDO.erroObterPedido
          }
        >
          <Text size="sm">
            {erro instanceof PedidoIlegivelError ? MSG_PEDIDO.erroExibirPedido : MSG_PEDIDO.recarregarPagina}
          </Text>
          {erro instanceof PedidoIlegivelError ? null : (
            <Button
              mt="sm"
              size="xs"
              variant="white"
              color="red.9"
              onClick={() => void pedido.refetch()}
              loading={pedido.isFetching}
            >
              {MSG_PEDIDO.tentarNovamente}
            </Button>
          )}
        </Alert>
      </>
    );
  }
  return (
    <>
      <Titulo />
      <Carregando />
    </>
  );
}

/** /pedido/{id}/ (login required, spec sections 2 and 4): one order, followed live. */
export default function PedidoPage() {
  const id = parseId(useParams().id);
  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }}>
      {id === undefined ? (
        <>
          <Titulo />
          <NaoEncontrado />
        </>
      ) : (
        <Acompanhamento key={id} id={id} />
      )}
    </Container>
  );
}
