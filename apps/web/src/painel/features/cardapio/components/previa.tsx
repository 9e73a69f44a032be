import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  MSG,
  defaultGroupChoice,
  formatBRL,
  isGroupHidden,
  isUnavailable,
  priceItem,
  visibleGroups,
  type GrupoOpcao,
  type Produto,
  type QuantidadesGrupo,
} from '@rango/domain';
import { memo, useMemo, useState } from 'react';
import { imageUrl } from '../../../../shared/config/api.ts';
// The customer's own drawer parts: the preview is what the customer sees, not a look-alike. The
// panel is its own build, so nothing of the panel reaches the customer's bundle this way.
import { OptionGroupFieldset as Fieldset } from '../../../../shared/produto/option-group-fieldset.tsx';
import { ProductPrice } from '../../../../shared/produto/product-price.tsx';
import { ProductDrawerFooter } from '../../../../shared/produto/product-drawer-footer.tsx';

type Escolhas = Record<number, QuantidadesGrupo>;

// visibleGroups' own rule (hidden options out), kept per group object so an unchanged group keeps
// its identity from one keystroke to the next.
const visiveis = new WeakMap<GrupoOpcao, GrupoOpcao>();
const SEM_NOME = 'Opção sem nome';
function semOcultas(g: GrupoOpcao): GrupoOpcao {
  let v = visiveis.get(g);
  if (!v) {
    v = visibleGroups({ grupoopcoes: [g] })[0]!;
    // An option just added has no name yet: its radio or checkbox still needs a label.
    if (v.opcoes.some((o) => !o.descricao.trim()))
      v = { ...v, opcoes: v.opcoes.map((o) => (o.descricao.trim() ? o : { ...o, descricao: SEM_NOME })) };
    visiveis.set(g, v);
  }
  return v;
}

/**
 * The customer's fieldset, re-rendered only when its group or choice changes: a keystroke in the
 * product's name must not redraw 200 options. Its onChange only sets state by group id, so an
 * older one is as good as a new one.
 */
const OptionGroupFieldset = memo(
  Fieldset,
  (a, b) =>
    a.grupo === b.grupo && a.base === b.base && a.escolha === b.escolha && a.destacado === b.destacado,
);

const estruturas = new WeakMap<GrupoOpcao, string>();

/** What changes the defaults: the groups, their options and default quantities. */
function estrutura(produto: Produto): string {
  return produto.grupoopcoes
    .map((g) => {
      let e = estruturas.get(g);
      if (e === undefined) {
        e = JSON.stringify([
          g.idgrupoopcao,
          g.stindisponivel,
          g.multiplo,
          g.qtdmultiplomax,
          g.opcoes.map((o) => [o.idopcao, o.qtdpadrao, o.qtdmax, o.stindisponivel]),
        ]);
        estruturas.set(g, e);
      }
      return e;
    })
    .join('|');
}

const padrao = (produto: Produto): Escolhas =>
  Object.fromEntries(visibleGroups(produto).map((g) => [g.idgrupoopcao, defaultGroupChoice(g)]));

/**
 * The product drawer as the customer sees it, beside the editor: the same option groups, rules
 * and OBRIGATÓRIO tags, and the total from the domain's priceItem — the engine the server checks
 * the order with — for whatever the owner clicks.
 */
export function Previa({ produto }: { produto: Produto }) {
  const chave = estrutura(produto);
  const [estado, setEstado] = useState<{ chave: string; escolhas: Escolhas }>(() => ({
    chave,
    escolhas: padrao(produto),
  }));
  // A change of groups or options starts again from the defaults, as a customer opening it would.
  const escolhas = estado.chave === chave ? estado.escolhas : padrao(produto);
  if (estado.chave !== chave) setEstado({ chave, escolhas });
  const [quantidade, setQuantidade] = useState(1);
  const gruposAgora = useMemo(
    () => produto.grupoopcoes.filter((g) => !isGroupHidden(g)).map(semOcultas),
    [produto],
  );
  // The same array while the groups are the same objects (a keystroke in the product's name).
  const [gruposAntes, setGruposAntes] = useState(gruposAgora);
  const mesmos =
    gruposAntes.length === gruposAgora.length && gruposAntes.every((g, i) => g === gruposAgora[i]);
  if (!mesmos) setGruposAntes(gruposAgora);
  // A keystroke in an option redraws that option's row only (the customer's fieldset memoises its
  // rows, and the same panel option gives the same customer option): drawn with the editor's own
  // update, in the same frame.
  const grupos = mesmos ? gruposAntes : gruposAgora;
  const item = useMemo(() => priceItem(produto, { quantidade, escolhas }), [produto, quantidade, escolhas]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="previa-titulo">
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Prévia: como o cliente vê
          </Text>
          <Title order={2} size="h4" id="previa-titulo">
            {produto.descricao}
          </Title>
        </div>
        {produto.imagem ? (
          // As the customer's drawer shows it (16:9, cover).
          <img
            src={imageUrl(produto.imagem)}
            alt={produto.descricao}
            width={480}
            height={270}
            style={{
              width: '100%',
              height: 'auto',
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              borderRadius: 8,
            }}
          />
        ) : null}
        <Detalhe detalhe={produto.detalhe} />
        <Etiquetas
          preco={produto.preco}
          precooferta={produto.precooferta}
          stindisponivel={produto.stindisponivel}
        />
        {grupos.map((g) => (
          <OptionGroupFieldset
            key={g.idgrupoopcao}
            grupo={g}
            base={item.preco_base}
            escolha={escolhas[g.idgrupoopcao]}
            onChange={(e) =>
              setEstado((s) => ({
                chave,
                escolhas: { ...(s.chave === chave ? s.escolhas : escolhas), [g.idgrupoopcao]: e },
              }))
            }
            destacado={false}
          />
        ))}
        <Rodape
          quantidade={quantidade}
          setQuantidade={setQuantidade}
          total={formatBRL(item.preco_total)}
          unitario={formatBRL(item.preco_unit)}
        />
      </Stack>
    </Paper>
  );
}

// The preview's parts that a keystroke in the product's name does not change: memoised, so that
// keystroke redraws the title (and the photo's alt), not the whole preview.

const Detalhe = memo(function Detalhe({ detalhe }: { detalhe: string | null }) {
  return (
    <Text size="sm" c={detalhe ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
      {detalhe || MSG.produtoSemDescricao}
    </Text>
  );
});

const Etiquetas = memo(function Etiquetas(p: Pick<Produto, 'preco' | 'precooferta' | 'stindisponivel'>) {
  return (
    <Group gap="sm">
      <ProductPrice produto={p} size="lg" />
      {isUnavailable(p) && (
        <Badge color="dark" variant="filled">
          {MSG.indisponivelTag}
        </Badge>
      )}
      {p.stindisponivel === 2 && (
        <Badge color="gray" variant="light">
          Oculto no cardápio
        </Badge>
      )}
    </Group>
  );
});

// The customer drawer's own footer, its total in place of 'Adicionar' (nothing is bought here).
const Rodape = memo(function Rodape({
  quantidade,
  setQuantidade,
  total,
  unitario,
}: {
  quantidade: number;
  setQuantidade: (n: number) => void;
  total: string;
  unitario: string;
}) {
  return (
    <ProductDrawerFooter
      quantidade={quantidade}
      onQuantidade={setQuantidade}
      nota={
        quantidade > 1 ? (
          <Text size="xs" c="dimmed" ta="right">
            {unitario} cada
          </Text>
        ) : null
      }
    >
      <Text fw={700} data-testid="previa-total" aria-live="polite">
        Total: {total}
      </Text>
    </ProductDrawerFooter>
  );
});
