import { Badge, Button, Tabs } from '@mantine/core';
import {
  COLUNAS,
  COLUNA_NOME,
  type Coluna,
  type PainelConfig,
  type PedidoPainel,
} from '@rango/domain/painel';
import { useEffect, useId, useRef } from 'react';
import classes from './fila.module.css';
import { PedidoCard } from './pedido-card.tsx';

/** The board's last column shows one of these at a time. */
export const COLUNAS_OUTRAS = ['agendados', 'concluidos', 'cancelados'] as const satisfies readonly Coluna[];
export type ColunaOutra = (typeof COLUNAS_OUTRAS)[number];
export const COLUNAS_TRABALHO = [
  'novos',
  'preparo',
  'prontos',
  'entrega',
] as const satisfies readonly Coluna[];

const VAZIO: Record<Coluna, string> = {
  novos: 'Nenhum pedido novo.',
  preparo: 'Nada em preparo.',
  prontos: 'Nenhum pedido pronto.',
  entrega: 'Nada saiu para entrega.',
  agendados: 'Nenhum pedido agendado.',
  concluidos: 'Nenhum pedido concluído hoje.',
  cancelados: 'Nenhum pedido cancelado hoje.',
};

interface CardsComuns {
  agora: number;
  config: PainelConfig;
  tocando: ReadonlySet<number>;
  onAbrir: (id: number) => void;
}

export interface FilaBoardProps extends CardsComuns {
  grupos: Record<Coluna, PedidoPainel[]>;
  /** Board (wide screens) or one tab at a time. */
  layout: 'board' | 'abas';
  aba: Coluna;
  onAba: (c: Coluna) => void;
  outra: ColunaOutra;
  onOutra: (c: ColunaOutra) => void;
}

function Cards({
  lista,
  coluna,
  rotuloId,
  className,
  ...comuns
}: CardsComuns & {
  lista: PedidoPainel[];
  coluna: Coluna;
  rotuloId?: string;
  className: string | undefined;
}) {
  if (lista.length === 0) return <p className={classes.vazio}>{VAZIO[coluna]}</p>;
  return (
    <ul className={className} aria-labelledby={rotuloId} data-coluna={coluna}>
      {lista.map((p) => (
        <li key={p.id}>
          <PedidoCard
            pedido={p}
            agora={comuns.agora}
            config={comuns.config}
            tocando={comuns.tocando.has(p.id)}
            onAbrir={comuns.onAbrir}
          />
        </li>
      ))}
    </ul>
  );
}

const contagem = (n: number, nome: string) => `${n} ${n === 1 ? 'pedido' : 'pedidos'} em ${nome}`;

function Coluna_({
  coluna,
  lista,
  ativa,
  topo,
  ...comuns
}: CardsComuns & { coluna: Coluna; lista: PedidoPainel[]; ativa: boolean; topo?: React.ReactNode }) {
  const id = useId();
  return (
    <section className={classes.coluna} aria-labelledby={id} data-ativa={ativa || undefined}>
      <h2 className={classes.colunaTitulo}>
        <span id={id}>{COLUNA_NOME[coluna]}</span>
        <Badge
          component="span"
          variant={lista.length > 0 ? 'filled' : 'outline'}
          color="dark"
          aria-hidden="true"
        >
          {lista.length}
        </Badge>
        <span className={classes.sr}>{contagem(lista.length, COLUNA_NOME[coluna])}</span>
      </h2>
      {topo}
      <Cards lista={lista} coluna={coluna} rotuloId={id} className={classes.lista} {...comuns} />
    </section>
  );
}

/**
 * The queue: on a wide screen the four working columns side by side and a fifth that switches
 * between 'Agendados', 'Concluídos hoje' and 'Cancelados'; on a tablet in portrait or a phone,
 * one column at a time behind tabs with their counts.
 */
export function FilaBoard({ grupos, layout, aba, onAba, outra, onOutra, ...comuns }: FilaBoardProps) {
  const abasRef = useRef<HTMLDivElement>(null);
  // The tabs are one row that scrolls sideways: bring the active one wholly into view (the
  // browser's focus scroll leaves an edge tab half hidden). Sideways only: the page stays put.
  useEffect(() => {
    const lista = abasRef.current;
    const tab = lista?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!lista || !tab) return;
    if (tab.offsetLeft < lista.scrollLeft) lista.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > lista.scrollLeft + lista.clientWidth) {
      lista.scrollLeft = tab.offsetLeft + tab.offsetWidth - lista.clientWidth;
    }
  }, [aba, layout]);
  if (layout === 'board') {
    return (
      <div className={classes.board}>
        {COLUNAS_TRABALHO.map((c) => (
          <Coluna_ key={c} coluna={c} lista={grupos[c]} ativa={aba === c} {...comuns} />
        ))}
        <Coluna_
          coluna={outra}
          lista={grupos[outra]}
          ativa={aba === outra}
          topo={
            <div className={classes.outras} role="group" aria-label="Mostrar nesta coluna">
              {COLUNAS_OUTRAS.map((c) => (
                <Button
                  key={c}
                  size="compact-sm"
                  variant={c === outra ? 'filled' : 'default'}
                  color="dark"
                  aria-pressed={c === outra}
                  onClick={() => onOutra(c)}
                >
                  {c === 'concluidos' ? 'Concluídos' : COLUNA_NOME[c]} ({grupos[c].length})
                </Button>
              ))}
            </div>
          }
          {...comuns}
        />
      </div>
    );
  }
  return (
    <Tabs value={aba} onChange={(v) => v && onAba(v as Coluna)} keepMounted={false} activateTabWithKeyboard>
      <Tabs.List ref={abasRef} className={classes.abas} aria-label="Colunas da fila">
        {COLUNAS.map((c) => (
          <Tabs.Tab
            key={c}
            value={c}
            rightSection={
              <Badge
                component="span"
                size="sm"
                variant={grupos[c].length > 0 ? 'filled' : 'outline'}
                color="dark"
              >
                {grupos[c].length}
              </Badge>
            }
          >
            {COLUNA_NOME[c]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {COLUNAS.map((c) => (
        <Tabs.Panel key={c} value={c}>
          {/* The panel is labelled by its tab. */}
          <Cards lista={grupos[c]} coluna={c} className={classes.grade} {...comuns} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
