import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { GrupoOpcaoPainel } from '@rango/domain/painel/catalogo';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { chave } from '../lib/validar-rascunho.ts';
import { novoGrupo, type Atualizar, type Rascunho } from '../lib/rascunho.ts';
import { CampoDinheiro, CampoSituacao, ValidacaoLocal, errosDe, semErros, useValidacao } from './campos.tsx';
import { GrupoEditor } from './grupo-editor.tsx';

interface Props {
  rascunho: Rascunho;
  atualizar: Atualizar;
  tocar: (k: string) => void;
  /** Every error shown now, by field key. */
  visiveis: Record<string, string>;
  /** Every group on the server, for 'Usar um grupo existente'. */
  gruposExistentes: GrupoOpcaoPainel[];
  /** idproduto → name, for 'Também em: …'. */
  nomesProdutos: Map<number, string>;
  /** The photo's field (it saves by itself), under the description. */
  foto?: ReactNode;
}

/** A group's visible errors and its options', as one comparable string. */
function errosGrupo(visiveis: Record<string, string>, g: GrupoOpcaoPainel): string {
  if (semErros(visiveis)) return '{}';
  const out: Record<string, string> = JSON.parse(errosDe(visiveis, `grupo.${g.idgrupoopcao}.`)) as Record<
    string,
    string
  >;
  for (const o of g.opcoes) Object.assign(out, JSON.parse(errosDe(visiveis, `opcao.${o.idopcao}.`)));
  return JSON.stringify(out);
}

/** The product's own fields and its option groups in order. */
export function ProdutoEditor({
  rascunho,
  atualizar,
  tocar,
  visiveis,
  gruposExistentes,
  nomesProdutos,
  foto,
}: Props) {
  return (
    <ValidacaoLocal erros={errosDe(visiveis, 'produto.')} tocar={tocar}>
      <Campos
        rascunho={rascunho}
        atualizar={atualizar}
        tocar={tocar}
        visiveis={visiveis}
        gruposExistentes={gruposExistentes}
        nomesProdutos={nomesProdutos}
        foto={foto}
      />
    </ValidacaoLocal>
  );
}

function Campos({ rascunho, atualizar, tocar, visiveis, gruposExistentes, nomesProdutos, foto }: Props) {
  const { produto, grupos } = rascunho;
  // Stable for the draft's life: each field below is memoised, so a keystroke in the name
  // re-renders the name's field (and the preview), not every field and group of the product.
  const setProduto = useCallback(
    (x: Partial<Rascunho['produto']>) => atualizar((r) => ({ ...r, produto: { ...r.produto, ...x } })),
    [atualizar],
  );

  return (
    <Stack gap="md">
      <DadosProduto
        descricao={produto.descricao}
        detalhe={produto.detalhe}
        preco={produto.preco}
        precooferta={produto.precooferta}
        stindisponivel={produto.stindisponivel}
        setProduto={setProduto}
        foto={foto}
      />
      <Grupos
        idproduto={produto.idproduto}
        grupoopcoes={produto.grupoopcoes}
        grupos={grupos}
        atualizar={atualizar}
        tocar={tocar}
        visiveis={visiveis}
        gruposExistentes={gruposExistentes}
        nomesProdutos={nomesProdutos}
      />
    </Stack>
  );
}

type SetProduto = (x: Partial<Rascunho['produto']>) => void;
const k = chave.produto;

/** 'Dados do produto': the same while only the product's groups change (a key in an option). */
const DadosProduto = memo(function DadosProduto({
  descricao,
  detalhe,
  preco,
  precooferta,
  stindisponivel,
  setProduto,
  foto,
}: Pick<Rascunho['produto'], 'descricao' | 'detalhe' | 'preco' | 'precooferta' | 'stindisponivel'> & {
  setProduto: SetProduto;
  foto: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="produto-dados">
      <Stack gap="sm">
        <Title order={2} size="h4" id="produto-dados">
          Dados do produto
        </Title>
        <CampoNome valor={descricao} setProduto={setProduto} />
        <CampoDescricao valor={detalhe} setProduto={setProduto} />
        {foto}
        <Precos preco={preco} precooferta={precooferta} setProduto={setProduto} />
        <Situacao valor={stindisponivel} setProduto={setProduto} />
      </Stack>
    </Paper>
  );
});

const CampoNome = memo(function CampoNome({ valor, setProduto }: { valor: string; setProduto: SetProduto }) {
  const v = useValidacao();
  return (
    <TextInput
      label="Nome"
      withAsterisk
      value={valor}
      onChange={(e) => setProduto({ descricao: e.currentTarget.value })}
      onBlur={() => v.tocar(k('descricao'))}
      error={v.erro(k('descricao'))}
    />
  );
});

const CampoDescricao = memo(function CampoDescricao({
  valor,
  setProduto,
}: {
  valor: string | null;
  setProduto: SetProduto;
}) {
  const v = useValidacao();
  return (
    <Textarea
      label="Descrição"
      rows={3}
      value={valor ?? ''}
      onChange={(e) => setProduto({ detalhe: e.currentTarget.value || null })}
      onBlur={() => v.tocar(k('detalhe'))}
      error={v.erro(k('detalhe'))}
    />
  );
});

const Precos = memo(function Precos({
  preco,
  precooferta,
  setProduto,
}: {
  preco: number;
  precooferta: number;
  setProduto: SetProduto;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <CampoDinheiro
        label="Preço do produto"
        valor={preco}
        onChange={(c) => setProduto({ preco: c })}
        chave={k('preco')}
      />
      <CampoDinheiro
        label="Preço de oferta"
        description="0 = sem oferta; menor que o preço mostra OFERTA."
        valor={precooferta}
        onChange={(c) => setProduto({ precooferta: c })}
        chave={k('precooferta')}
      />
    </SimpleGrid>
  );
});

const Situacao = memo(function Situacao({ valor, setProduto }: { valor: number; setProduto: SetProduto }) {
  return (
    <>
      <CampoSituacao
        label="Situação"
        nome="produto-situacao"
        valor={valor}
        onChange={(s) => setProduto({ stindisponivel: s })}
      />
      <Text size="xs" c="dimmed">
        Indisponível: aparece com a etiqueta INDISPONÍVEL e não pode ser pedido. Oculto: não aparece no
        cardápio.
      </Text>
    </>
  );
});

interface GruposProps extends Pick<
  Props,
  'atualizar' | 'tocar' | 'visiveis' | 'gruposExistentes' | 'nomesProdutos'
> {
  idproduto: number;
  grupoopcoes: number[];
  grupos: Rascunho['grupos'];
}

/** The product's option groups: unchanged by a keystroke in the product's own fields. */
const Grupos = memo(function Grupos({
  idproduto,
  grupoopcoes,
  grupos,
  atualizar,
  tocar,
  visiveis,
  gruposExistentes,
  nomesProdutos,
}: GruposProps) {
  const disponiveis = useMemo(
    () => gruposExistentes.filter((g) => !grupoopcoes.includes(g.idgrupoopcao)),
    [gruposExistentes, grupoopcoes],
  );
  const adicionarGrupo = useCallback(
    (g: GrupoOpcaoPainel) =>
      atualizar((r) => ({
        produto: { ...r.produto, grupoopcoes: [...r.produto.grupoopcoes, g.idgrupoopcao] },
        grupos: { ...r.grupos, [g.idgrupoopcao]: g },
      })),
    [atualizar],
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="produto-grupos">
      <GruposTitulo total={grupoopcoes.length} />
      {grupoopcoes.map((id, i) => {
        const g = grupos[id];
        if (!g) return null;
        return (
          <GrupoEditor
            key={id}
            grupo={g}
            indice={i}
            total={grupoopcoes.length}
            outrosProdutos={g.produtos
              .filter((p) => p !== idproduto)
              .map((p) => nomesProdutos.get(p) ?? `#${p}`)
              .join(', ')}
            atualizar={atualizar}
            tocar={tocar}
            erros={errosGrupo(visiveis, g)}
          />
        );
      })}
      <NovoGrupo idproduto={idproduto} disponiveis={disponiveis} adicionar={adicionarGrupo} />
    </Stack>
  );
});

const GruposTitulo = memo(function GruposTitulo({ total }: { total: number }) {
  return (
    <>
      <Title order={2} size="h4" id="produto-grupos">
        Grupos de opções ({total})
      </Title>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          Sem grupos: o cliente pede o produto como está.
        </Text>
      ) : null}
    </>
  );
});

/** 'Novo grupo de opções' and 'Usar um grupo existente': not redrawn by a key in an option. */
const NovoGrupo = memo(function NovoGrupo({
  idproduto,
  disponiveis,
  adicionar,
}: {
  idproduto: number;
  disponiveis: GrupoOpcaoPainel[];
  adicionar: (g: GrupoOpcaoPainel) => void;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => adicionar(novoGrupo(idproduto))}
      >
        Novo grupo de opções
      </Button>
      <ReusarGrupo disponiveis={disponiveis} adicionar={adicionar} />
    </Group>
  );
});

/**
 * 'Usar um grupo existente': its own memo, so a keystroke in an option (which redraws the groups)
 * does not redraw this list of every group of the menu.
 */
const ReusarGrupo = memo(function ReusarGrupo({
  disponiveis,
  adicionar,
}: {
  disponiveis: GrupoOpcaoPainel[];
  adicionar: (g: GrupoOpcaoPainel) => void;
}) {
  const [reusar, setReusar] = useState<string | null>(null);
  return disponiveis.length > 0 ? (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        label="Usar um grupo existente"
        placeholder="Escolha um grupo"
        data={disponiveis.map((g) => ({ value: String(g.idgrupoopcao), label: g.descricao }))}
        value={reusar}
        onChange={setReusar}
        searchable
        // 240 px, narrower on a phone so 'Usar grupo' stays beside it on screen.
        style={{ flex: '0 1 240px', minWidth: 0 }}
      />
      <Button
        variant="default"
        disabled={reusar === null}
        onClick={() => {
          const g = disponiveis.find((x) => String(x.idgrupoopcao) === reusar);
          if (g) adicionar(g);
          setReusar(null);
        }}
      >
        Usar grupo
      </Button>
    </Group>
  ) : null;
});
