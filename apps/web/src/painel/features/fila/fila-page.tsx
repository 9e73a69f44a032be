/**
 * /painel/:id — the live order queue (issue 11): the columns with their counts, each order's
 * detail and actions, the stream that keeps it current, the bell that rings until someone
 * acknowledges a new order, the tab title, notifications, the store's switch, auto-accept, the
 * screen kept awake and the keyboard shortcuts.
 */
import { Button, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CANAIS, CANAL_NOME, STATUS, isCancelado, type Canal } from '@rango/domain';
import {
  EVENTO,
  PAINEL_CONFIG_PADRAO,
  acoesDoPedido,
  agruparFila,
  aguardaAceite,
  previsaoSugerida,
  type AcaoPedido,
  type Coluna,
  type PedidoPainel,
} from '@rango/domain/painel';
import { IconKeyboard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AppDrawer } from '../../../shared/components/app-drawer.tsx';
import { alterarPrevisaoPainel } from '../../api/pedidos.ts';
import { useConfigPainel } from '../../api/config.ts';
import { getDisponibilidadeQueryOptions } from '../../api/disponibilidade.ts';
import { getLojaQueryOptions } from '../../api/loja.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { EventoPainel } from '../../live/eventos-painel.ts';
import { AceitarModal } from './components/aceitar-modal.tsx';
import { AtalhosModal } from './components/atalhos-modal.tsx';
import { CancelarModal } from './components/cancelar-modal.tsx';
import { ConexaoIndicador } from './components/conexao-indicador.tsx';
import { FilaAvisos } from './components/fila-avisos.tsx';
import { FilaBoard, type ColunaOutra } from './components/fila-board.tsx';
import classes from './components/fila.module.css';
import { LojaToggle } from './components/loja-toggle.tsx';
import { PedidoDetalhe } from './components/pedido-detalhe.tsx';
import { PedidoMensagens } from './components/pedido-mensagens.tsx';
import { useAcoes } from './hooks/use-acoes.ts';
import { useAgora } from './hooks/use-agora.ts';
import { useAtalhos } from './hooks/use-atalhos.ts';
import { useNavegacaoFila } from './hooks/use-navegacao-fila.ts';
import { useCampainha, useToqueContinuo } from './hooks/use-campainha.ts';
import { useChegadas } from './hooks/use-chegadas.ts';
import { useFila } from './hooks/use-fila.ts';
import { useNotificacoes } from './hooks/use-notificacoes.ts';
import { useTituloNovos } from './hooks/use-titulo.ts';
import { useWakeLock } from './hooks/use-wake-lock.ts';
import { dinheiro } from './lib/formato.ts';
import { previsaoMax, tipoTexto } from './lib/pedido-info.ts';

/** The board needs room for five columns; below it, tabs. */
const LARGO = '(min-width: 62em)';

type Dialogo = { tipo: 'aceitar' | 'cancelar'; id: number } | { tipo: 'atalhos' } | null;

export default function FilaPage() {
  const { id: idest, nome } = useEstabelecimentoAtual();
  const qc = useQueryClient();
  const configQuery = useConfigPainel(idest);
  const config = configQuery.data ?? PAINEL_CONFIG_PADRAO;
  const agora = useAgora();
  const campainha = useCampainha();
  const notif = useNotificacoes();
  const largo = useMediaQuery(LARGO, typeof window !== 'undefined' && window.matchMedia(LARGO).matches, {
    getInitialValueInEffect: false,
  });
  const [anuncio, setAnuncio] = useState('');
  const [aberto, setAberto] = useState<number | null>(null);
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [erroAcao, setErroAcao] = useState<string | null>(null);
  const [pendente, setPendente] = useState(false);
  const [vistos, setVistos] = useState<ReadonlySet<number>>(() => new Set());
  const [aba, setAba] = useState<Coluna>('novos');
  const [outra, setOutra] = useState<ColunaOutra>('agendados');
  /** The channel filter (issue 24): the board shows one channel's orders; the bell hears them all. */
  const [canal, setCanal] = useState<Canal | 'todos'>('todos');
  const areaRef = useRef<HTMLDivElement>(null);
  const cursor = useRef<number | null>(null);
  useWakeLock();

  const { tocar } = campainha;
  const onEvento = useCallback(
    (ev: EventoPainel) => {
      if (ev.tipo === EVENTO.loja)
        void qc.invalidateQueries({ queryKey: getLojaQueryOptions(idest).queryKey });
      if (ev.tipo === EVENTO.disponibilidade)
        void qc.invalidateQueries({ queryKey: getDisponibilidadeQueryOptions(idest).queryKey });
      if (
        ev.tipo === EVENTO.pedidoStatus &&
        ev.dados.sistema === true &&
        isCancelado(ev.dados.para ?? null)
      ) {
        tocar('alerta');
        setAnuncio(`Um pedido foi cancelado pelo sistema: pagamento recusado ou expirado.`);
      }
    },
    [qc, idest, tocar],
  );
  const fila = useFila(idest, onEvento);
  const acoes = useAcoes(idest, fila);

  const todos = useMemo(() => agruparFila(fila.pedidos, agora, previsaoMax), [fila.pedidos, agora]);
  const grupos = useMemo(
    () =>
      canal === 'todos'
        ? todos
        : agruparFila(
            fila.pedidos.filter((p) => p.canal === canal),
            agora,
            previsaoMax,
          ),
    [todos, canal, fila.pedidos, agora],
  );
  const outrosCanais = canal !== 'todos' || fila.pedidos.some((p) => p.canal !== 'rango');
  const aguardando = useMemo(() => todos.novos.filter((p) => aguardaAceite(p.status, p.tipo)), [todos]);
  const tocando = useMemo(
    () => new Set(aguardando.filter((p) => !vistos.has(p.id)).map((p) => p.id)),
    [aguardando, vistos],
  );
  useToqueContinuo(tocando.size > 0, campainha.liberado, tocar);
  useTituloNovos(aguardando.length, `Pedidos · ${nome} | Painel | Rango`);

  const reconhecer = useCallback((ids: Iterable<number>) => {
    setVistos((v) => new Set([...v, ...ids]));
  }, []);

  const abrir = useCallback(
    (id: number) => {
      cursor.current = id;
      setAberto(id);
      setErroAcao(null);
      reconhecer([id]);
      fila.carregarPedido(id);
    },
    [reconhecer, fila],
  );

  const { mover, imprimir } = acoes;
  const { notificar } = notif;
  useChegadas(aguardando, fila.carregada, (p) => {
    const resumo = `${tipoTexto(p)} · ${dinheiro(p.total)} · ${p.cliente}`;
    if (config.auto_aceite && configQuery.data) {
      const minutos = previsaoSugerida(p.entregue_as, Date.now(), config.previsao_padrao_min);
      mover(p, { status: STATUS.Confirmado, previsao_minutos: minutos }).then(
        () => {
          tocar('novo');
          setAnuncio(`Pedido #${p.referencia} aceito automaticamente (${minutos} min).`);
          void imprimir(p);
        },
        // Another panel accepted it first, or it changed: it stays in the queue as it is.
        () => undefined,
      );
      return;
    }
    setAnuncio(`Novo pedido #${p.referencia}: ${resumo}.`);
    if (document.visibilityState !== 'visible' || !document.hasFocus()) {
      notificar(`Novo pedido #${p.referencia}`, resumo, `pedido-${p.id}`, () => abrir(p.id));
    }
  });

  const pedidoAberto = aberto === null ? null : (fila.pedidos.find((p) => p.id === aberto) ?? null);
  const acoesAbertas = pedidoAberto ? acoesDoPedido(pedidoAberto.status, pedidoAberto.tipo) : [];
  const dialogoPedido =
    dialogo && dialogo.tipo !== 'atalhos' ? (fila.pedidos.find((p) => p.id === dialogo.id) ?? null) : null;

  const fecharDetalhe = useCallback(() => {
    setAberto(null);
    setDialogo(null);
    // The card may have moved to another column (a new element): focus it wherever it is now.
    requestAnimationFrame(() => {
      const id = cursor.current;
      if (id !== null) areaRef.current?.querySelector<HTMLElement>(`[data-pedido="${id}"]`)?.focus();
    });
  }, []);

  const executar = useCallback(
    async (p: PedidoPainel, a: AcaoPedido) => {
      if (a.pede === 'previsao') return setDialogo({ tipo: 'aceitar', id: p.id });
      if (a.pede === 'motivo') return setDialogo({ tipo: 'cancelar', id: p.id });
      setPendente(true);
      setErroAcao(null);
      try {
        await mover(p, { status: a.para as 30 | 41 | 100 });
        setAnuncio(`Pedido #${p.referencia}: ${a.rotulo}.`);
      } catch (e) {
        setErroAcao(e instanceof Error ? e.message : String(e));
      } finally {
        setPendente(false);
      }
    },
    [mover],
  );

  const okVi = () => reconhecer(tocando);
  useNavegacaoFila({
    cursor,
    areaRef,
    largo,
    aba,
    setAba,
    outra,
    setOutra,
    existe: (id) => fila.pedidos.some((p) => p.id === id),
    abrir,
    okVi,
    atalhos: () => setDialogo({ tipo: 'atalhos' }),
    ativo: aberto === null && dialogo === null,
  });
  useAtalhos(
    {
      ...Object.fromEntries(
        acoesAbertas.map((a) => [
          a.atalho,
          () => {
            if (pedidoAberto && !pendente) void executar(pedidoAberto, a);
          },
        ]),
      ),
      i: () => {
        if (pedidoAberto) void imprimir(pedidoAberto);
      },
    },
    pedidoAberto !== null && dialogo === null,
  );

  // An order that vanished from the queue (finished yesterday) closes its detail.
  useEffect(() => {
    if (aberto !== null && fila.carregada && !pedidoAberto) setAberto(null);
  }, [aberto, fila.carregada, pedidoAberto]);

  const titulo = `Pedidos · ${nome}`;
  return (
    <div ref={areaRef}>
      <div className={classes.cabecalho}>
        <PageTitle title={titulo}>Pedidos</PageTitle>
        <ConexaoIndicador conexao={fila.conexao} fallback={fila.fallback} onReconectar={fila.reconectar} />
        <div className={classes.cabecalhoEspaco} />
        <LojaToggle idest={idest} agora={agora} />
        <Button
          variant="subtle"
          color="dark"
          size="compact-md"
          leftSection={<IconKeyboard size={18} aria-hidden="true" />}
          onClick={() => setDialogo({ tipo: 'atalhos' })}
          aria-keyshortcuts="?"
        >
          Atalhos
        </Button>
      </div>

      <FilaAvisos campainha={campainha} notif={notif} tocando={tocando.size} okVi={okVi} />

      {outrosCanais ? (
        <SegmentedControl
          mb="sm"
          size="xs"
          aria-label="Canal dos pedidos"
          value={canal}
          onChange={(v) => setCanal(v as Canal | 'todos')}
          data={[
            { value: 'todos', label: 'Todos os canais' },
            ...CANAIS.map((c) => ({ value: c, label: CANAL_NOME[c] })),
          ]}
        />
      ) : null}

      <div className={classes.sr} aria-live="polite" role="log">
        {anuncio}
      </div>

      {!fila.carregada ? (
        fila.erro ? (
          <ErroCarga error={fila.erro} onRetry={fila.carregarLista} />
        ) : (
          <Stack gap="xs" aria-busy="true" aria-label="Carregando os pedidos">
            <Skeleton height={40} />
            <Skeleton height={120} />
            <Skeleton height={120} />
          </Stack>
        )
      ) : (
        <FilaBoard
          grupos={grupos}
          agora={agora}
          config={config}
          tocando={tocando}
          onAbrir={abrir}
          layout={largo ? 'board' : 'abas'}
          aba={aba}
          onAba={setAba}
          outra={outra}
          onOutra={(c) => {
            setOutra(c);
            setAba(c);
          }}
        />
      )}

      <AppDrawer
        opened={pedidoAberto !== null}
        onClose={fecharDetalhe}
        title={pedidoAberto ? `Pedido #${pedidoAberto.referencia}` : 'Pedido'}
        closeLabel="Fechar o pedido"
        position="right"
        size={largo ? 'lg' : '100%'}
        closeOnEscape={dialogo === null}
      >
        {pedidoAberto ? (
          <PedidoDetalhe
            pedido={pedidoAberto}
            agora={agora}
            acoes={acoesAbertas}
            onAcao={(a) => void executar(pedidoAberto, a)}
            onImprimir={() => void imprimir(pedidoAberto)}
            imprimindo={acoes.imprimindo === pedidoAberto.id}
            onEmFalta={(alvo, n) => void acoes.emFalta(alvo, n)}
            erro={erroAcao}
            pendente={pendente}
            onAlterarPrevisao={(minutos) => alterarPrevisaoPainel(idest, pedidoAberto.id, minutos)}
          />
        ) : null}
        {pedidoAberto ? (
          <div className={classes.mensagens}>
            <PedidoMensagens idest={idest} idpedido={pedidoAberto.id} agora={agora} />
          </div>
        ) : null}
      </AppDrawer>

      {dialogo?.tipo === 'aceitar' && dialogoPedido ? (
        <AceitarModal
          pedido={dialogoPedido}
          padraoMin={config.previsao_padrao_min}
          agora={agora}
          onClose={() => setDialogo(null)}
          onConfirmar={async (minutos, imprimirCupom) => {
            await mover(dialogoPedido, { status: STATUS.Confirmado, previsao_minutos: minutos });
            setDialogo(null);
            setAnuncio(`Pedido #${dialogoPedido.referencia} aceito: ${minutos} min.`);
            if (imprimirCupom) void imprimir(dialogoPedido);
          }}
        />
      ) : null}
      {dialogo?.tipo === 'cancelar' && dialogoPedido ? (
        <CancelarModal
          pedido={dialogoPedido}
          onClose={() => setDialogo(null)}
          onConfirmar={(motivo) => mover(dialogoPedido, { status: STATUS.Cancelado, motivo })}
        />
      ) : null}
      {dialogo?.tipo === 'atalhos' ? <AtalhosModal onClose={() => setDialogo(null)} /> : null}
    </div>
  );
}
