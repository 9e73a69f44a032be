import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { GrupoOpcaoPainel } from '@rango/domain/painel/catalogo';
import { memo } from 'react';
import { chave } from '../lib/validar-rascunho.ts';
import { comGrupo, mover, type Atualizar } from '../lib/rascunho.ts';
import { CampoQtd, CampoSituacao, useValidacao } from './campos.tsx';
import { Icone } from './icone.tsx';

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
export const GrupoCabecalho = memo(function GrupoCabecalho({
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
