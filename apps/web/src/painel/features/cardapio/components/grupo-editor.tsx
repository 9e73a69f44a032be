import {
  ActionIcon,
  Badge,
  Button,
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
import { IconPlus } from '@tabler/icons-react';
import { Icone } from './icone.tsx';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Alca, ListaArrastavel, useArrastavel, useIds } from './arrastar.tsx';
import botao from '../../../components/botao-longo.module.css';
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

type SetOpcao = (x: Partial<OpcaoPainel>) => void;

/**
 * One option's card. Its parts are memoised on their own values, with callbacks that last as long
 * as the option: a keystroke in the option's name redraws the name's row, not its prices,
 * quantities, situation and adjustments (at 4× CPU that was most of a key's rendering).
 */
function OpcaoCampos({ opcao, indice, total, atualizar }: OpcaoProps) {
  const gid = opcao.idgrupoopcao;
  const id = opcao.idopcao;
  const set = useCallback<SetOpcao>(
    (x) => atualizar(comOpcao(gid, id, (o) => ({ ...o, ...x }))),
    [atualizar, gid, id],
  );
  const onMover = useCallback(
    (d: number) =>
      atualizar(
        comGrupo(gid, (g) => ({
          ...g,
          opcoes: mover(
            g.opcoes,
            g.opcoes.findIndex((o) => o.idopcao === id),
            d,
          ),
        })),
      ),
    [atualizar, gid, id],
  );
  const onRemover = useCallback(
    () => atualizar(comGrupo(gid, (g) => ({ ...g, opcoes: g.opcoes.filter((o) => o.idopcao !== id) }))),
    [atualizar, gid, id],
  );
  const nome = opcao.descricao || `Opção ${indice + 1}`;
  const a = useArrastavel(id);
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
        <OpcaoCabeca
          id={id}
          descricao={opcao.descricao}
          nome={nome}
          primeira={indice === 0}
          ultima={indice === total - 1}
          alca={a.alca}
          set={set}
          onMover={onMover}
          onRemover={onRemover}
        />
        <OpcaoDetalhe id={id} detalhe={opcao.detalhe} set={set} />
        <OpcaoValores
          id={id}
          preco={opcao.preco}
          precooferta={opcao.precooferta}
          qtdpadrao={opcao.qtdpadrao}
          qtdmax={opcao.qtdmax}
          set={set}
        />
        <OpcaoSituacao id={id} valor={opcao.stindisponivel} set={set} />
        <OpcaoAjustes
          id={id}
          valorafetaproduto={opcao.valorafetaproduto}
          stpercentualafetaproduto={opcao.stpercentualafetaproduto}
          valorafetaopcao={opcao.valorafetaopcao}
          stpercentualafetaopcao={opcao.stpercentualafetaopcao}
          valorafetatudo={opcao.valorafetatudo}
          set={set}
        />
      </Stack>
    </Paper>
  );
}

const OpcaoCabeca = memo(function OpcaoCabeca({
  id,
  descricao,
  nome,
  primeira,
  ultima,
  alca,
  set,
  onMover,
  onRemover,
}: {
  id: number;
  descricao: string;
  nome: string;
  primeira: boolean;
  ultima: boolean;
  alca: ReturnType<typeof useArrastavel>['alca'];
  set: SetOpcao;
  onMover: (d: number) => void;
  onRemover: () => void;
}) {
  const v = useValidacao();
  const erro = v.erro(chave.opcao(id, 'descricao'));
  // The buttons line up with the input, above its error when there is one.
  const mb = erro ? 22 : 0;
  return (
    // On a phone the three buttons wrap below the name together rather than squeeze it to a few letters.
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Alca alca={alca} nome={nome} size="lg" mb={mb} />
      <TextInput
        style={{ flex: '1 1 180px', minWidth: 0 }}
        label="Nome da opção"
        value={descricao}
        onChange={(e) => set({ descricao: e.currentTarget.value })}
        onBlur={() => v.tocar(chave.opcao(id, 'descricao'))}
        error={erro}
        withAsterisk
      />
      <Group gap="xs" wrap="nowrap" mb={mb}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Mover para cima: ${nome}`}
          disabled={primeira}
          onClick={() => onMover(-1)}
        >
          <Icone nome="setaCima" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Mover para baixo: ${nome}`}
          disabled={ultima}
          onClick={() => onMover(1)}
        >
          <Icone nome="setaBaixo" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          color="red"
          size="lg"
          aria-label={`Remover opção: ${nome}`}
          onClick={onRemover}
        >
          <Icone nome="lixeira" />
        </ActionIcon>
      </Group>
    </Group>
  );
});

const OpcaoDetalhe = memo(function OpcaoDetalhe({
  id,
  detalhe,
  set,
}: {
  id: number;
  detalhe: string | null;
  set: SetOpcao;
}) {
  const v = useValidacao();
  const k = chave.opcao(id, 'detalhe');
  return (
    <TextInput
      label="Detalhe (opcional)"
      value={detalhe ?? ''}
      onChange={(e) => set({ detalhe: e.currentTarget.value || null })}
      onBlur={() => v.tocar(k)}
      error={v.erro(k)}
    />
  );
});

const OpcaoValores = memo(function OpcaoValores({
  id,
  preco,
  precooferta,
  qtdpadrao,
  qtdmax,
  set,
}: Pick<OpcaoPainel, 'preco' | 'precooferta' | 'qtdpadrao' | 'qtdmax'> & { id: number; set: SetOpcao }) {
  const k = (c: string) => chave.opcao(id, c);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      <CampoDinheiro label="Preço" valor={preco} onChange={(c) => set({ preco: c })} chave={k('preco')} />
      <CampoDinheiro
        label="Preço de oferta"
        valor={precooferta}
        onChange={(c) => set({ precooferta: c })}
        chave={k('precooferta')}
      />
      <CampoQtd
        label="Quantidade padrão"
        valor={qtdpadrao}
        onChange={(n) => set({ qtdpadrao: n })}
        chave={k('qtdpadrao')}
      />
      <CampoQtd
        label="Máximo por item"
        description="0 = sem limite"
        valor={qtdmax}
        onChange={(n) => set({ qtdmax: n })}
        chave={k('qtdmax')}
      />
    </SimpleGrid>
  );
});

const OpcaoSituacao = memo(function OpcaoSituacao({
  id,
  valor,
  set,
}: {
  id: number;
  valor: number;
  set: SetOpcao;
}) {
  return (
    <CampoSituacao
      label="Situação da opção"
      nome={`opcao-${id}-situacao`}
      valor={valor}
      onChange={(s) => set({ stindisponivel: s })}
    />
  );
});

type Ajustes = Pick<
  OpcaoPainel,
  | 'valorafetaproduto'
  | 'stpercentualafetaproduto'
  | 'valorafetaopcao'
  | 'stpercentualafetaopcao'
  | 'valorafetatudo'
>;

/** The three adjustments: the amount's field, the field of its unit (none: money only), texts. */
const AJUSTES = [
  {
    campo: 'valorafetaproduto',
    unidade: 'stpercentualafetaproduto',
    label: 'Muda o preço do produto',
    description: 'Uma vez por item (ex.: Grande +30 %).',
  },
  {
    campo: 'valorafetaopcao',
    unidade: 'stpercentualafetaopcao',
    label: 'Muda o preço das outras opções',
    description: 'De cada outra opção escolhida no item.',
  },
  {
    campo: 'valorafetatudo',
    unidade: null,
    label: 'Soma ao item',
    description: 'Valor somado uma vez ao preço do item.',
  },
] as const;

/**
 * The price adjustments, open from the start when the option has one. Closed, they are not
 * rendered at all (a hidden Collapse kept three more fields per card: 600 on a 200-option
 * product, drawn again after every keystroke); a field with an error keeps them open.
 */
const OpcaoAjustes = memo(function OpcaoAjustes({
  id,
  set,
  ...valores
}: Ajustes & { id: number; set: SetOpcao }) {
  const v = useValidacao();
  const k = (c: string) => chave.opcao(id, c);
  const [aberto, setAberto] = useState(() => AJUSTES.some((a) => valores[a.campo] !== 0));
  const comErro = AJUSTES.some((a) => v.erro(k(a.campo)) !== undefined);
  const mostrar = aberto || comErro;
  const painel = `opcao-${id}-ajustes`;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        classNames={{ root: botao.longo, label: botao.longoTexto }}
        aria-expanded={mostrar}
        aria-controls={mostrar ? painel : undefined}
        onClick={() => setAberto(!mostrar)}
      >
        {mostrar ? 'Ocultar ajustes de preço' : 'Ajustes de preço (tamanho, acréscimos)'}
      </Button>
      {mostrar ? (
        <Stack gap="xs" id={painel}>
          {AJUSTES.map((a) => (
            <CampoAjuste
              key={a.campo}
              label={a.label}
              description={a.description}
              valor={valores[a.campo]}
              percentual={a.unidade ? valores[a.unidade] : 0}
              semPercentual={a.unidade === null}
              onChange={(x, p) => set(a.unidade ? { [a.campo]: x, [a.unidade]: p } : { [a.campo]: x })}
              chave={k(a.campo)}
            />
          ))}
        </Stack>
      ) : null}
    </>
  );
});

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

interface CabecalhoProps {
  grupo: GrupoOpcaoPainel;
  indice: number;
  total: number;
  outrosProdutos: string;
  atualizar: Atualizar;
}

/** The group's fields, all but its options: the same when only an option changed. */
const mesmoCabecalho = (a: CabecalhoProps, b: CabecalhoProps): boolean =>
  a.indice === b.indice &&
  a.total === b.total &&
  a.outrosProdutos === b.outrosProdutos &&
  a.atualizar === b.atualizar &&
  (Object.keys(a.grupo) as (keyof GrupoOpcaoPainel)[]).every(
    (c) => c === 'opcoes' || a.grupo[c] === b.grupo[c],
  );

/**
 * The group's title, moves and fields: memoised apart from its options, so a keystroke in one of
 * 200 options does not redraw them (nor the price modes' list).
 */
const GrupoCabecalho = memo(function GrupoCabecalho({
  grupo,
  indice,
  total,
  outrosProdutos,
  atualizar,
}: CabecalhoProps) {
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
  return (
    <>
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
            <Icone nome="setaCima" />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Mover para baixo: grupo ${nome}`}
            disabled={indice === total - 1}
            onClick={() => onMover(1)}
          >
            <Icone nome="setaBaixo" />
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
    </>
  );
}, mesmoCabecalho);

interface ListaOpcoes {
  opcoes: OpcaoPainel[];
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** The visible errors of the group and its options. */
  todos: Record<string, string>;
}

interface LojaOpcoes {
  ler: () => ListaOpcoes;
  ouvir: (ouvinte: () => void) => () => void;
  definir: (lista: ListaOpcoes) => void;
}

function novaLojaOpcoes(inicial: ListaOpcoes): LojaOpcoes {
  let atual = inicial;
  const ouvintes = new Set<() => void>();
  return {
    ler: () => atual,
    ouvir: (o) => {
      ouvintes.add(o);
      return () => ouvintes.delete(o);
    },
    definir: (lista) => {
      if (lista === atual) return;
      atual = lista;
      for (const o of ouvintes) o();
    },
  };
}

/**
 * A group's options reach their cards through a store read right under the drag list: a keystroke
 * in an option re-renders the group and this list, not the drag list between them. The context's
 * value is the store, which never changes: a context whose value changed made React walk every
 * fiber of the 200 cards under it looking for its readers, on every key (~40 % of a key's work
 * at 4× CPU).
 */
const ListaOpcoesContext = createContext<LojaOpcoes | null>(null);

function Opcoes() {
  const loja = useContext(ListaOpcoesContext);
  if (!loja) throw new Error('Opcoes fora de um GrupoCampos');
  const { opcoes, atualizar, tocar, todos } = useSyncExternalStore(loja.ouvir, loja.ler);
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
