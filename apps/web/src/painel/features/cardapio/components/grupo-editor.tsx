import { Button, Paper, Stack, Text } from '@mantine/core';
import type { GrupoOpcaoPainel } from '@rango/domain/painel/catalogo';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ListaArrastavel, useIds } from './arrastar.tsx';
import botao from '../../../components/botao-longo.module.css';
import { comGrupo, novaOpcao, type Atualizar } from '../lib/rascunho.ts';
import { ValidacaoLocal, errosDe } from './campos.tsx';
import { GrupoCabecalho } from './grupo-cabecalho.tsx';
import { ListaOpcoesContext, OPCOES, novaLojaOpcoes, type ListaOpcoes } from './lista-opcoes.tsx';

/**
 * One option group of the product: every field of the spec's section 3 (rule, multiplicity,
 * included quantity, the six price modes each explained, leave-out groups, availability) and its
 * options in order.
 */
interface GrupoProps {
  grupo: GrupoOpcaoPainel;
  indice: number;
  total: number;
  /** Names of the other products that link this group, comma separated (editing it changes them too). */
  outrosProdutos: string;
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** The visible errors of this group and of its options (errosDe). */
  erros: string;
}

export const GrupoEditor = memo(function GrupoEditor(props: GrupoProps) {
  const { erros, tocar, grupo } = props;
  const meus = useMemo(() => {
    const m = JSON.parse(erros) as Record<string, string>;
    return { grupo: errosDe(m, `grupo.${grupo.idgrupoopcao}.`), todos: m };
  }, [erros, grupo.idgrupoopcao]);
  return (
    <ValidacaoLocal erros={meus.grupo} tocar={tocar}>
      <GrupoCampos {...props} todos={meus.todos} />
    </ValidacaoLocal>
  );
});

function GrupoCampos({
  grupo,
  indice,
  total,
  outrosProdutos,
  atualizar,
  tocar,
  todos,
}: GrupoProps & { todos: Record<string, string> }) {
  const id = grupo.idgrupoopcao;
  const nome = grupo.descricao || `Grupo ${indice + 1}`;
  const tituloId = `grupo-${grupo.idgrupoopcao}-titulo`;
  // Dragging an option changes the draft's order, as its ↑/↓ buttons do ('Salvar produto' writes it).
  const idsOpcoes = useIds(grupo.opcoes.map((o) => o.idopcao));
  // The drag list (dnd-kit's context) gets only props that a keystroke in an option keeps: the
  // ids, this name lookup reading the latest options, the reorder. Its context gives a new value
  // each time it renders, which made React search all 200 cards for its readers on every key.
  const opcoesAgora = useRef(grupo.opcoes);
  useEffect(() => {
    opcoesAgora.current = grupo.opcoes;
  });
  const nomeOpcao = useCallback((idopcao: number) => {
    const opcoes = opcoesAgora.current;
    const i = opcoes.findIndex((o) => o.idopcao === idopcao);
    return opcoes[i]?.descricao || `Opção ${i + 1}`;
  }, []);
  const lista = useMemo<ListaOpcoes>(
    () => ({ opcoes: grupo.opcoes, atualizar, tocar, todos }),
    [grupo.opcoes, atualizar, tocar, todos],
  );
  const [loja] = useState(() => novaLojaOpcoes(lista));
  // Before paint, in the same frame: the cards' list re-renders from the store (the provider's
  // value, the store itself, never changes).
  useLayoutEffect(() => loja.definir(lista), [loja, lista]);
  const ordenarOpcoes = useCallback(
    (ids: number[]) =>
      atualizar(
        comGrupo(id, (g) => ({
          ...g,
          opcoes: ids.flatMap((x) => g.opcoes.filter((o) => o.idopcao === x)),
        })),
      ),
    [atualizar, id],
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={tituloId}>
      <Stack gap="sm">
        <GrupoCabecalho
          grupo={grupo}
          indice={indice}
          total={total}
          outrosProdutos={outrosProdutos}
          atualizar={atualizar}
        />
        <OpcoesTitulo total={grupo.opcoes.length} />
        {grupo.opcoes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma opção ainda.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            <ListaOpcoesContext.Provider value={loja}>
              <ListaArrastavel ids={idsOpcoes} nome={nomeOpcao} onOrdenar={ordenarOpcoes}>
                {OPCOES}
              </ListaArrastavel>
            </ListaOpcoesContext.Provider>
          </Stack>
        )}
        <AdicionarOpcao id={id} nome={nome} atualizar={atualizar} />
      </Stack>
    </Paper>
  );
}

const OpcoesTitulo = memo(function OpcoesTitulo({ total }: { total: number }) {
  return (
    <Text fw={600} size="sm" mt="xs">
      Opções ({total})
    </Text>
  );
});

const AdicionarOpcao = memo(function AdicionarOpcao({
  id,
  nome,
  atualizar,
}: {
  id: number;
  nome: string;
  atualizar: Atualizar;
}) {
  return (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      style={{ alignSelf: 'flex-start' }}
      classNames={{ root: botao.longo, label: botao.longoTexto }}
      onClick={() => atualizar(comGrupo(id, (g) => ({ ...g, opcoes: [...g.opcoes, novaOpcao(id)] })))}
    >
      Adicionar opção em {nome}
    </Button>
  );
});
