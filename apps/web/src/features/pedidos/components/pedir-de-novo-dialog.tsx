import '../../../components/overlay-styles.ts';
import { Alert, Badge, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  estabelecimentoDetalheSchema,
  formatBRL,
  isStoreOpen,
  menuSchema,
  pedirDeNovo,
  type ItemAnterior,
  type LinhaPedirDeNovo,
  type PedidoFetched,
} from '@rango/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../shared/components/app-modal.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { openCartDrawer } from '../../../stores/cart.ts';
import { parsePedidoJson } from '../lib/pedido-json.ts';
import {
  adicionarAoCarrinho,
  decisaoInicial,
  decisoesPossiveis,
  itensParaCarrinho,
  totalHoje,
  type Decisao,
} from '../lib/pedir-de-novo.ts';
import classes from './pedir-de-novo.module.css';

export const TEXTO = {
  titulo: 'Pedir de novo',
  estabelecimentoRemovido: 'Este estabelecimento não está mais no Rango: não é possível pedir de novo.',
  erroCarregar: 'Não foi possível carregar o cardápio de hoje. Tente novamente.',
  fechado: 'O estabelecimento está fechado no momento. Você pode pedir de novo quando ele abrir.',
  nenhum: 'Nenhum item deste pedido está disponível hoje.',
  semMudancas: 'Tudo como no seu pedido: mesmos itens, mesmos preços.',
  comMudancas: 'O cardápio mudou desde este pedido. Confira cada item antes de adicionar ao carrinho.',
  decida: 'Escolha o que fazer com este item.',
  adicionar: 'Adicionar ao carrinho',
  adicionados: (n: number) =>
    n === 1 ? '1 item adicionado ao carrinho' : `${n} itens adicionados ao carrinho`,
  escolhaNoCardapio: (nomes: string[]) => `Escolha de novo no cardápio: ${nomes.join(', ')}.`,
} as const;

const ROTULO: Record<Decisao, (l: LinhaPedirDeNovo) => string> = {
  adicionar: (l) => (l.estado === 'ok' ? 'Adicionar' : 'Adicionar com as mudanças'),
  escolher: () => 'Escolher de novo',
  remover: () => 'Não adicionar',
};

function Preco({ antes, agora }: { antes: number; agora: number }) {
  const sobe = agora > antes;
  return (
    <Text size="sm">
      <Text span fw={600} c={sobe ? 'red.9' : 'green.9'}>
        {sobe ? 'Preço subiu' : 'Preço baixou'}:
      </Text>{' '}
      <span aria-hidden>
        <s>{formatBRL(antes)}</s> → <strong>{formatBRL(agora)}</strong>
      </span>
      <VisuallyHidden>
        de {formatBRL(antes)} para {formatBRL(agora)}
      </VisuallyHidden>{' '}
      cada
    </Text>
  );
}

/** What changed in one line, in words. */
function Mudancas({ linha }: { linha: LinhaPedirDeNovo }) {
  if (linha.estado === 'indisponivel') {
    return (
      <Text size="sm" c="red.9" fw={600}>
        {linha.produtoMotivo === 'indisponivel'
          ? 'Indisponível hoje: não será adicionado.'
          : 'Não está mais no cardápio: não será adicionado.'}
      </Text>
    );
  }
  return (
    <>
      {linha.precoAgora !== null && linha.precoAgora !== linha.precoAntes ? (
        <Preco antes={linha.precoAntes} agora={linha.precoAgora} />
      ) : null}
      {linha.opcoesPerdidas.map((o) => (
        <Text size="sm" key={`${o.idgrupoopcao}-${o.idopcao}`}>
          <Text span fw={600}>
            {o.descricao}:
          </Text>{' '}
          {o.motivo === 'indisponivel'
            ? 'indisponível hoje, sai do item'
            : 'não está mais no cardápio, sai do item'}
        </Text>
      ))}
      {linha.gruposAEscolher.map((g) => (
        <Text size="sm" key={g.idgrupoopcao}>
          <Text span fw={600}>
            {g.descricao}:
          </Text>{' '}
          as regras mudaram, escolha de novo{g.regra ? ` (${g.regra})` : ''}
        </Text>
      ))}
    </>
  );
}

function Linha({
  linha,
  anterior,
  decisao,
  erro,
  onDecidir,
}: {
  linha: LinhaPedirDeNovo;
  anterior: ItemAnterior;
  decisao: Decisao | null;
  erro: boolean;
  onDecidir: (d: Decisao) => void;
}) {
  const id = useId();
  const opcoes = anterior.subitens.flatMap((s) =>
    s.sub_subitens.map((x) => (x.quantidade > 1 ? `${x.quantidade}x ${x.descricao}` : x.descricao)),
  );
  const possiveis = decisoesPossiveis(linha);
  return (
    <li className={classes.linha} data-estado={linha.estado}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text fw={700} id={`${id}-nome`} style={{ overflowWrap: 'anywhere' }}>
          {linha.quantidade}x {linha.descricao}
        </Text>
        {/* Only a price today's menu gives: a line to choose again is priced in the drawer. */}
        {linha.precoAgora === null ? null : (
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatBRL(linha.precoAgora * linha.quantidade)}
          </Text>
        )}
      </Group>
      {opcoes.length > 0 ? (
        <Text size="sm" c="dimmed">
          {opcoes.join(', ')}
        </Text>
      ) : null}
      {linha.estado === 'ok' ? null : (
        <Badge variant="light" color={linha.estado === 'indisponivel' ? 'red' : 'yellow'} c="dark.8" mt={4}>
          {linha.estado === 'indisponivel'
            ? 'Indisponível'
            : linha.estado === 'escolher'
              ? 'Escolha de novo'
              : 'Mudou'}
        </Badge>
      )}
      <Stack gap={2} mt={4}>
        <Mudancas linha={linha} />
      </Stack>
      {possiveis.length > 0 ? (
        // Native radios: Mantine's Radio.Group here split Input and CheckIcon into chunks of their own,
        // named in the entry's preload lists (the menu route's budget).
        <fieldset className={classes.decisao} aria-describedby={erro ? `${id}-erro` : undefined}>
          <VisuallyHidden component="legend">O que fazer com {linha.descricao}</VisuallyHidden>
          {possiveis.map((d) => (
            <label key={d} className={classes.opcao}>
              <input
                type="radio"
                name={`${id}-decisao`}
                value={d}
                checked={decisao === d}
                onChange={() => onDecidir(d)}
              />
              {ROTULO[d](linha)}
            </label>
          ))}
          {erro ? (
            <Text id={`${id}-erro`} size="sm" c="red.8" w="100%">
              {TEXTO.decida}
            </Text>
          ) : null}
        </fieldset>
      ) : null}
    </li>
  );
}

function Conteudo({ pedido, onClose }: { pedido: PedidoFetched; onClose: () => void }) {
  const idEst = pedido.deliveryestabelecimento;
  const navigate = useNavigate();
  // The menu route's queries (same keys: what is read here serves the menu next), asked again now.
  // Not through api/get-menu.ts: importing it from here split its module graph into one more
  // chunk on the menu route's first load (+0.4 KiB gzip measured, with ~0.2 KiB of budget left).
  const detalhe = useQuery({
    queryKey: ['estabelecimento', idEst],
    queryFn: ({ signal }) =>
      apiGet(`/controle/estabelecimento/${idEst}/`, estabelecimentoDetalheSchema, signal),
    staleTime: 0,
    retry: false,
  });
  const menu = useQuery({
    queryKey: ['estabelecimento', idEst, 'menu'],
    queryFn: ({ signal }) => apiGet(`/api/estabelecimento/${idEst}/menu/`, menuSchema, signal),
    staleTime: 0,
    retry: false,
  });
  const itens = useMemo(() => parsePedidoJson(pedido).itens, [pedido]);
  const linhas = useMemo(() => (menu.data ? pedirDeNovo(itens, menu.data) : null), [itens, menu.data]);
  const [decisoes, setDecisoes] = useState<Record<number, Decisao | null>>({});
  const [mostrarErros, setMostrarErros] = useState(false);
  const [enviando, setEnviando] = useState(false);

  const erro = detalhe.error ?? menu.error;
  if (erro) {
    const removido = erro instanceof ApiError && erro.status === 404;
    return (
      <Stack>
        <Alert color="red" role="alert" title={removido ? 'Estabelecimento indisponível' : 'Erro'}>
          {removido ? TEXTO.estabelecimentoRemovido : TEXTO.erroCarregar}
        </Alert>
        <Group justify="flex-end">
          {removido ? null : (
            <Button variant="default" onClick={() => void Promise.all([detalhe.refetch(), menu.refetch()])}>
              Tentar novamente
            </Button>
          )}
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    );
  }
  if (!linhas || !detalhe.data) {
    return (
      <Group justify="center" py="xl" role="status" aria-label="Carregando o cardápio de hoje">
        <Loader />
      </Group>
    );
  }

  const decisao = (l: LinhaPedirDeNovo): Decisao | null => decisoes[l.indice] ?? decisaoInicial(l);
  const efetivas = Object.fromEntries(linhas.map((l) => [l.indice, decisao(l)]));
  const aproveitaveis = linhas.filter((l) => l.estado !== 'indisponivel');
  const mudou = linhas.some((l) => l.estado !== 'ok');
  const aberto = isStoreOpen(detalhe.data);
  const total = totalHoje(linhas, efetivas);

  const confirmar = async () => {
    if (linhas.some((l) => efetivas[l.indice] === null)) {
      setMostrarErros(true);
      return;
    }
    const itensCarrinho = itensParaCarrinho(linhas, efetivas);
    const escolher = linhas.filter((l) => efetivas[l.indice] === 'escolher');
    if (itensCarrinho.length === 0 && escolher.length === 0) {
      onClose();
      return;
    }
    setEnviando(true);
    // The dialog closes first: the cart's own 'Esvaziar carrinho?' question may follow.
    onClose();
    const est = {
      id: idEst,
      nome: detalhe.data.estabelecimento.apelidooufantasia,
      pedidominimo: detalhe.data.pedidominimo,
    };
    try {
      const ok = await adicionarAoCarrinho(est, itensCarrinho);
      if (!ok) return;
      if (itensCarrinho.length > 0) {
        notifications.show({ color: 'green', message: TEXTO.adicionados(itensCarrinho.length) });
      }
      const primeiro = escolher[0];
      if (primeiro) {
        if (escolher.length > 1) {
          notifications.show({
            color: 'blue',
            message: TEXTO.escolhaNoCardapio(escolher.map((l) => l.descricao)),
          });
        }
        await navigate(paths.produto(idEst, primeiro.produto_id));
      } else {
        await navigate(paths.estabelecimento(idEst));
        openCartDrawer();
      }
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : TEXTO.erroCarregar });
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Stack gap="md">
      {!aberto ? (
        <Alert color="yellow" role="status" c="dark.8">
          {TEXTO.fechado}
        </Alert>
      ) : aproveitaveis.length === 0 ? (
        <Alert color="yellow" role="status" c="dark.8">
          {TEXTO.nenhum}
        </Alert>
      ) : (
        <Text size="sm">{mudou ? TEXTO.comMudancas : TEXTO.semMudancas}</Text>
      )}
      <ul className={classes.lista} aria-label="Itens do pedido">
        {linhas.map((l) => (
          <Linha
            key={l.indice}
            linha={l}
            anterior={itens[l.indice]!}
            decisao={decisao(l)}
            erro={mostrarErros && decisao(l) === null}
            onDecidir={(d) => setDecisoes((x) => ({ ...x, [l.indice]: d }))}
          />
        ))}
      </ul>
      {aberto && aproveitaveis.length > 0 ? (
        <Group justify="space-between" className={classes.rodape} gap="sm">
          <Text fw={700} aria-live="polite">
            Total de hoje: {formatBRL(total)}
          </Text>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={() => void confirmar()} loading={enviando}>
              {TEXTO.adicionar}
            </Button>
          </Group>
        </Group>
      ) : (
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      )}
    </Stack>
  );
}

/** 'Pedir de novo': today's menu against a finished order, each change shown before the cart. Lazy. */
export default function PedirDeNovoDialog({
  pedido,
  opened,
  onClose,
}: {
  pedido: PedidoFetched;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={`${TEXTO.titulo}: ${pedido.estabelecimento.apelidooufantasia}`}
      size="lg"
      centered
    >
      {/* The button mounts a new dialog for each opening: today's menu is read again each time. */}
      <Conteudo pedido={pedido} onClose={onClose} />
    </AppModal>
  );
}
