/**
 * /painel/:id — the live order queue (issue 11): the columns with their counts, each order's
 * detail and actions, the stream that keeps it current, the bell that rings until someone
 * acknowledges a new order, the tab title, notifications, the store's switch, auto-accept, the
 * screen kept awake and the keyboard shortcuts.
 */
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { STATUS, isCancelado } from '@rango/domain';
import {
  COLUNAS,
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
import { IconBell, IconBellRinging, IconKeyboard, IconVolume } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AppDrawer } from '../../../components/app-drawer.tsx';
import { useConfigPainel } from '../../api/config.ts';
import { getDisponibilidadeQueryOptions } from '../../api/disponibilidade.ts';
import { getLojaQueryOptions } from '../../api/loja.ts';
import { useEstabelecimento } from '../../app/estabelecimento.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { EventoPainel } from '../../live/eventos-painel.ts';
import { AceitarModal } from './components/aceitar-modal.tsx';
import { AtalhosModal } from './components/atalhos-modal.tsx';
import { CancelarModal } from './components/cancelar-modal.tsx';
import { ConexaoIndicador } from './components/conexao-indicador.tsx';
import { COLUNAS_OUTRAS, COLUNAS_TRABALHO, FilaBoard, type ColunaOutra } from './components/fila-board.tsx';
import botao from '../../components/botao-longo.module.css';
import classes from './components/fila.module.css';
import { LojaToggle } from './components/loja-toggle.tsx';
import { PedidoDetalhe } from './components/pedido-detalhe.tsx';
import { useAcoes } from './hooks/use-acoes.ts';
import { useAgora } from './hooks/use-agora.ts';
import { useAtalhos } from './hooks/use-atalhos.ts';
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

const ehSetaOuEnterEmControle = (e: KeyboardEvent) => {
  const alvo = e.target;
  return (
    alvo instanceof HTMLElement &&
    (alvo.closest('[role="tablist"], [role="radiogroup"], [role="menu"]') !== null ||
      alvo.tagName === 'INPUT')
  );
};

export default function FilaPage() {
  const { id: idest, nome } = useEstabelecimento();
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

  const grupos = useMemo(() => agruparFila(fila.pedidos, agora, previsaoMax), [fila.pedidos, agora]);
  const aguardando = useMemo(() => grupos.novos.filter((p) => aguardaAceite(p.status, p.tipo)), [grupos]);
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

  // Keyboard: moving between cards and columns, opening, acknowledging, the list of keys.
  const cards = () => [...(areaRef.current?.querySelectorAll<HTMLElement>('[data-pedido]') ?? [])];
  const focarCard = (el: HTMLElement | undefined) => {
    if (!el) return;
    el.focus();
    el.scrollIntoView({ block: 'nearest' });
    cursor.current = Number(el.dataset.pedido);
  };
  const moverCursor = (passo: 1 | -1) => {
    const lista = cards();
    if (lista.length === 0) return;
    const atual = lista.findIndex(
      (el) => el === document.activeElement || Number(el.dataset.pedido) === cursor.current,
    );
    focarCard(
      lista[
        atual === -1
          ? passo === 1
            ? 0
            : lista.length - 1
          : Math.min(lista.length - 1, Math.max(0, atual + passo))
      ],
    );
  };
  const colunasVisiveis: Coluna[] = largo ? [...COLUNAS_TRABALHO, outra] : [aba];
  const irParaColuna = (c: Coluna) => {
    if (largo) {
      if ((COLUNAS_OUTRAS as readonly Coluna[]).includes(c)) setOutra(c as ColunaOutra);
      setAba(c);
    } else setAba(c);
    requestAnimationFrame(() =>
      focarCard(
        areaRef.current?.querySelector<HTMLElement>(`[data-coluna="${c}"] [data-pedido]`) ?? undefined,
      ),
    );
  };
  const moverColuna = (passo: 1 | -1) => {
    if (!largo) {
      const i = COLUNAS.indexOf(aba);
      const c = COLUNAS[(i + passo + COLUNAS.length) % COLUNAS.length];
      if (c) irParaColuna(c);
      return;
    }
    const ativo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const atual = ativo?.closest<HTMLElement>('[data-coluna]')?.dataset.coluna as Coluna | undefined;
    const i = colunasVisiveis.indexOf(atual ?? aba);
    const c = colunasVisiveis[Math.min(colunasVisiveis.length - 1, Math.max(0, i + passo))];
    if (c) irParaColuna(c);
  };
  const setas = (fn: () => void) => (e: KeyboardEvent) => {
    if (ehSetaOuEnterEmControle(e)) return false;
    fn();
  };
  const okVi = () => reconhecer(tocando);
  useAtalhos(
    {
      j: () => moverCursor(1),
      k: () => moverCursor(-1),
      ArrowDown: setas(() => moverCursor(1)),
      ArrowUp: setas(() => moverCursor(-1)),
      h: () => moverColuna(-1),
      l: () => moverColuna(1),
      ArrowLeft: setas(() => moverColuna(-1)),
      ArrowRight: setas(() => moverColuna(1)),
      Enter: (e) => {
        // On a card (a button) Enter already opens it; elsewhere it opens the card last visited.
        const alvo = e.target instanceof HTMLElement ? e.target : null;
        if (alvo && alvo !== document.body && alvo.id !== 'conteudo') return false;
        if (cursor.current !== null && fila.pedidos.some((p) => p.id === cursor.current))
          abrir(cursor.current);
        else return false;
      },
      o: okVi,
      '?': () => setDialogo({ tipo: 'atalhos' }),
      ...Object.fromEntries(COLUNAS.map((c, i) => [String(i + 1), () => irParaColuna(c)])),
    },
    aberto === null && dialogo === null,
  );
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

      <div className={classes.avisos}>
        {campainha.disponivel && !campainha.liberado ? (
          <Button
            color="brasa"
            size="md"
            classNames={{ root: botao.longo, label: botao.longoTexto }}
            leftSection={<IconVolume size={20} aria-hidden="true" />}
            onClick={() => void campainha.liberar()}
          >
            Clique para ativar o som dos novos pedidos
          </Button>
        ) : null}
        {tocando.size > 0 ? (
          <Alert
            // The live log announces each new order; this is the visible, persistent side.
            role="note"
            color="brasa"
            variant="filled"
            icon={<IconBellRinging aria-hidden="true" />}
            title={
              tocando.size === 1 ? '1 pedido novo aguardando' : `${tocando.size} pedidos novos aguardando`
            }
          >
            <Group gap="xs">
              <span>Abra o pedido para ver os itens e aceitar.</span>
              <Button size="compact-md" variant="white" color="brasa.9" onClick={okVi} aria-keyshortcuts="o">
                Ok, vi
              </Button>
            </Group>
          </Alert>
        ) : null}
        {notif.permissao === 'default' ? (
          <Group>
            <Button
              variant="default"
              size="compact-md"
              classNames={{ root: botao.longo, label: botao.longoTexto }}
              leftSection={<IconBell size={18} aria-hidden="true" />}
              onClick={() => void notif.pedir()}
            >
              Receber avisos de novos pedidos mesmo com a aba em segundo plano
            </Button>
          </Group>
        ) : null}
      </div>

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
          />
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
