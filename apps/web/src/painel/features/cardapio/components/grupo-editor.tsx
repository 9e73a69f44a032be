import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { GrupoOpcaoPainel, OpcaoPainel } from '@rango/domain/painel/catalogo';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { createContext, memo, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Alca, ListaArrastavel, useArrastavel, useIds } from './arrastar.tsx';
import classes from './cardapio.module.css';
import { chave, comGrupo, comOpcao, mover, novaOpcao, type Atualizar } from '../lib/rascunho.ts';
import {
  CampoAjuste,
  CampoDinheiro,
  CampoQtd,
  CampoSituacao,
  ValidacaoLocal,
  errosDe,
  useValidacao,
} from './campos.tsx';

/** The six price modes with what the customer pays, in one line each. */
export const MODOS_PRECO = [
  {
    value: '0',
    label: 'Normal (soma das opções)',
    explica: 'O cliente paga a soma das opções escolhidas; as "inclusas" mais baratas saem de graça.',
  },
  {
    value: '1',
    label: 'Menor opção',
    explica: 'O cliente paga só o preço da opção mais barata que escolheu.',
  },
  {
    value: '2',
    label: 'Média das opções',
    explica: 'O cliente paga a média dos preços das opções escolhidas (ex.: pizza meio a meio).',
  },
  {
    value: '3',
    label: 'Maior opção',
    explica: 'O cliente paga só o preço da opção mais cara que escolheu (ex.: pizza de dois sabores).',
  },
  {
    value: '4',
    label: 'Despreza opções',
    explica: 'As opções não mudam o preço: o cliente paga só o produto.',
  },
  {
    value: '10',
    label: 'Kit',
    explica: 'O cliente paga o preço do produto (o kit); as opções não somam nada, só dividem esse valor.',
  },
] as const;

interface OpcaoProps {
  opcao: OpcaoPainel;
  indice: number;
  total: number;
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** This option's visible errors (errosDe). */
  erros: string;
}

const OpcaoEditor = memo(function OpcaoEditor(props: OpcaoProps) {
  return (
    <ValidacaoLocal erros={props.erros} tocar={props.tocar}>
      <OpcaoCampos {...props} />
    </ValidacaoLocal>
  );
});

function OpcaoCampos({ opcao, indice, total, atualizar }: OpcaoProps) {
  const gid = opcao.idgrupoopcao;
  const onMover = (d: number) =>
    atualizar(
      comGrupo(gid, (g) => ({
        ...g,
        opcoes: mover(
          g.opcoes,
          g.opcoes.findIndex((o) => o.idopcao === opcao.idopcao),
          d,
        ),
      })),
    );
  const onRemover = () =>
    atualizar(comGrupo(gid, (g) => ({ ...g, opcoes: g.opcoes.filter((o) => o.idopcao !== opcao.idopcao) })));
  const v = useValidacao();
  const [ajustes, setAjustes] = useState(
    opcao.valorafetatudo !== 0 || opcao.valorafetaopcao !== 0 || opcao.valorafetaproduto !== 0,
  );
  const k = (c: string) => chave.opcao(opcao.idopcao, c);
  const set = (x: Partial<OpcaoPainel>) => atualizar(comOpcao(gid, opcao.idopcao, (o) => ({ ...o, ...x })));
  const nome = opcao.descricao || `Opção ${indice + 1}`;
  const a = useArrastavel(opcao.idopcao);
  return (
    <Paper
      ref={a.ref}
      style={a.style}
      withBorder
      p="sm"
      radius="sm"
      component="li"
      aria-label={nome}
      className={a.arrastando ? `${classes.opcaoCartao} ${classes.arrastando}` : classes.opcaoCartao}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Alca alca={a.alca} nome={nome} size="lg" mb={v.erro(k('descricao')) ? 22 : 0} />
          <TextInput
            style={{ flex: 1 }}
            label="Nome da opção"
            value={opcao.descricao}
            onChange={(e) => set({ descricao: e.currentTarget.value })}
            onBlur={() => v.tocar(k('descricao'))}
            error={v.erro(k('descricao'))}
            withAsterisk
          />
          <ActionIcon
            variant="default"
            size="lg"
            mb={v.erro(k('descricao')) ? 22 : 0}
            aria-label={`Mover para cima: ${nome}`}
            disabled={indice === 0}
            onClick={() => onMover(-1)}
          >
            <IconArrowUp size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            mb={v.erro(k('descricao')) ? 22 : 0}
            aria-label={`Mover para baixo: ${nome}`}
            disabled={indice === total - 1}
            onClick={() => onMover(1)}
          >
            <IconArrowDown size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="default"
            color="red"
            size="lg"
            mb={v.erro(k('descricao')) ? 22 : 0}
            aria-label={`Remover opção: ${nome}`}
            onClick={onRemover}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <TextInput
          label="Detalhe (opcional)"
          value={opcao.detalhe ?? ''}
          onChange={(e) => set({ detalhe: e.currentTarget.value || null })}
          onBlur={() => v.tocar(k('detalhe'))}
          error={v.erro(k('detalhe'))}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <CampoDinheiro
            label="Preço"
            valor={opcao.preco}
            onChange={(c) => set({ preco: c })}
            chave={k('preco')}
          />
          <CampoDinheiro
            label="Preço de oferta"
            valor={opcao.precooferta}
            onChange={(c) => set({ precooferta: c })}
            chave={k('precooferta')}
          />
          <CampoQtd
            label="Quantidade padrão"
            valor={opcao.qtdpadrao}
            onChange={(n) => set({ qtdpadrao: n })}
            chave={k('qtdpadrao')}
          />
          <CampoQtd
            label="Máximo por item"
            description="0 = sem limite"
            valor={opcao.qtdmax}
            onChange={(n) => set({ qtdmax: n })}
            chave={k('qtdmax')}
          />
        </SimpleGrid>
        <CampoSituacao
          label="Situação da opção"
          nome={`opcao-${opcao.idopcao}-situacao`}
          valor={opcao.stindisponivel}
          onChange={(s) => set({ stindisponivel: s })}
        />
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={ajustes}
          onClick={() => setAjustes((a) => !a)}
        >
          {ajustes ? 'Ocultar ajustes de preço' : 'Ajustes de preço (tamanho, acréscimos)'}
        </Button>
        <Collapse expanded={ajustes}>
          <Stack gap="xs">
            <CampoAjuste
              label="Muda o preço do produto"
              description="Uma vez por item (ex.: Grande +30 %)."
              valor={opcao.valorafetaproduto}
              percentual={opcao.stpercentualafetaproduto}
              onChange={(x, p) => set({ valorafetaproduto: x, stpercentualafetaproduto: p })}
              chave={k('valorafetaproduto')}
            />
            <CampoAjuste
              label="Muda o preço das outras opções"
              description="De cada outra opção escolhida no item."
              valor={opcao.valorafetaopcao}
              percentual={opcao.stpercentualafetaopcao}
              onChange={(x, p) => set({ valorafetaopcao: x, stpercentualafetaopcao: p })}
              chave={k('valorafetaopcao')}
            />
            <CampoAjuste
              label="Soma ao item"
              description="Valor somado uma vez ao preço do item."
              valor={opcao.valorafetatudo}
              percentual={0}
              semPercentual
              onChange={(x) => set({ valorafetatudo: x })}
              chave={k('valorafetatudo')}
            />
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}

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
  const onMover = (d: number) =>
    atualizar((r) => ({
      ...r,
      produto: {
        ...r.produto,
        grupoopcoes: mover(r.produto.grupoopcoes, r.produto.grupoopcoes.indexOf(id), d),
      },
    }));
  const onRemover = () =>
    atualizar((r) => {
      const grupos = { ...r.grupos };
      delete grupos[id];
      return {
        produto: { ...r.produto, grupoopcoes: r.produto.grupoopcoes.filter((x) => x !== id) },
        grupos,
      };
    });
  const v = useValidacao();
  const k = (c: string) => chave.grupo(grupo.idgrupoopcao, c);
  const set = (x: Partial<GrupoOpcaoPainel>) => atualizar(comGrupo(id, (g) => ({ ...g, ...x })));
  const modo = MODOS_PRECO.find((m) => m.value === String(grupo.stprecopraticado)) ?? MODOS_PRECO[0];
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
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={tituloId}>
            {nome}
          </Title>
          <Group gap={4}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Mover para cima: grupo ${nome}`}
              disabled={indice === 0}
              onClick={() => onMover(-1)}
            >
              <IconArrowUp size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Mover para baixo: grupo ${nome}`}
              disabled={indice === total - 1}
              onClick={() => onMover(1)}
            >
              <IconArrowDown size={18} aria-hidden="true" />
            </ActionIcon>
            <Button variant="default" color="red" size="xs" onClick={onRemover}>
              Tirar do produto
            </Button>
          </Group>
        </Group>
        {outrosProdutos ? (
          <Text size="sm" c="dimmed">
            <Badge variant="light" mr={6}>
              Compartilhado
            </Badge>
            Também em: {outrosProdutos}. Mudar este grupo muda esses produtos também.
          </Text>
        ) : null}
        <TextInput
          label="Nome do grupo"
          placeholder="Ex.: Escolha o tamanho"
          value={grupo.descricao}
          onChange={(e) => set({ descricao: e.currentTarget.value })}
          onBlur={() => v.tocar(k('descricao'))}
          error={v.erro(k('descricao'))}
          withAsterisk
        />
        <Select
          label="Como as opções entram no preço"
          data={MODOS_PRECO.map((m) => ({ value: m.value, label: m.label }))}
          // The list opens inside the page's <main> (in a portal it sits outside every landmark).
          comboboxProps={{ withinPortal: false }}
          value={modo.value}
          allowDeselect={false}
          onChange={(x) => {
            const n = Number(x ?? 0);
            set({ stprecopraticado: n, qtdinclusa: n === 0 ? grupo.qtdinclusa : 0 });
          }}
          onBlur={() => v.tocar(k('stprecopraticado'))}
          description={modo.explica}
          error={v.erro(k('stprecopraticado'))}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <CampoQtd
            label="Mínimo"
            description="0 = opcional"
            valor={grupo.qtdmultiplomin}
            onChange={(n) => set({ qtdmultiplomin: n })}
            chave={k('qtdmultiplomin')}
          />
          <CampoQtd
            label="Máximo"
            description="0 = sem limite"
            valor={grupo.qtdmultiplomax}
            onChange={(n) => set({ qtdmultiplomax: n })}
            chave={k('qtdmultiplomax')}
          />
          {grupo.stprecopraticado === 0 ? (
            <CampoQtd
              label="Inclusas no preço"
              description="As mais baratas saem grátis"
              valor={grupo.qtdinclusa}
              onChange={(n) => set({ qtdinclusa: n })}
              chave={k('qtdinclusa')}
            />
          ) : null}
        </SimpleGrid>
        <Switch
          label="Quantidade por opção"
          description="O cliente pode pedir a mesma opção mais de uma vez (botões − e +)."
          checked={grupo.multiplo}
          onChange={(e) => set({ multiplo: e.currentTarget.checked })}
        />
        <Switch
          label="Grupo de retirar ingredientes"
          description="Ex.: 'Sem cebola'. As opções deste grupo não cobram nada."
          checked={grupo.stnegagrupoopcao !== 0}
          onChange={(e) => set({ stnegagrupoopcao: e.currentTarget.checked ? 1 : 0 })}
        />
        <CampoSituacao
          label="Situação do grupo (indisponível ou oculto: o cliente não vê o grupo)"
          nome={`grupo-${grupo.idgrupoopcao}-situacao`}
          valor={grupo.stindisponivel}
          onChange={(s) => set({ stindisponivel: s })}
        />
        <Text fw={600} size="sm" mt="xs">
          Opções ({grupo.opcoes.length})
        </Text>
        {grupo.opcoes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma opção ainda.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            <ListaOpcoesContext.Provider value={lista}>
              <ListaArrastavel ids={idsOpcoes} nome={nomeOpcao} onOrdenar={ordenarOpcoes}>
                {OPCOES}
              </ListaArrastavel>
            </ListaOpcoesContext.Provider>
          </Stack>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => atualizar(comGrupo(id, (g) => ({ ...g, opcoes: [...g.opcoes, novaOpcao(id)] })))}
        >
          Adicionar opção em {nome}
        </Button>
      </Stack>
    </Paper>
  );
}

interface ListaOpcoes {
  opcoes: OpcaoPainel[];
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** The visible errors of the group and its options. */
  todos: Record<string, string>;
}

/**
 * A group's options reach their cards through this context, read right under the drag list: a
 * keystroke in an option re-renders the group and this list, not the drag list between them.
 */
const ListaOpcoesContext = createContext<ListaOpcoes | null>(null);

function Opcoes() {
  const lista = useContext(ListaOpcoesContext);
  if (!lista) return null;
  const { opcoes, atualizar, tocar, todos } = lista;
  return opcoes.map((o, i) => (
    <OpcaoEditor
      key={o.idopcao}
      opcao={o}
      indice={i}
      total={opcoes.length}
      atualizar={atualizar}
      tocar={tocar}
      erros={errosDe(todos, `opcao.${o.idopcao}.`)}
    />
  ));
}

/** The same element every render: the drag list's children never change. */
const OPCOES = <Opcoes />;
