import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import { categoriaInputSchema, type CardapioPainel } from '@rango/domain/painel/catalogo';
import { IconPlus } from '@tabler/icons-react';
import { Icone } from './icone.tsx';
import { AppModal } from '../../../../shared/components/app-modal.tsx';
import { memo, useCallback, useState, type FormEvent } from 'react';
import { mover } from '../lib/rascunho.ts';
import { Alca, ListaArrastavel, useArrastavel, useIds } from './arrastar.tsx';
import classes from './cardapio.module.css';

type Categoria = CardapioPainel['categorias'][number];
type ProdutoLista = Categoria['produtos'][number];

export interface AcoesCategorias {
  criar: (descricao: string) => void;
  renomear: (idgrupo: number, descricao: string) => void;
  ordenar: (ids: number[]) => void;
  excluir: (idgrupo: number) => void;
  ordenarProdutos: (idgrupo: number, ids: number[]) => void;
  abrirProduto: (idproduto: number) => void;
  novoProduto: (idgrupo: number) => void;
}

function erroNome(descricao: string): string | null {
  const r = categoriaInputSchema.safeParse({ descricao });
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

function NomeForm({
  inicial,
  rotulo,
  botao,
  onSalvar,
  onCancelar,
}: {
  inicial: string;
  rotulo: string;
  botao: string;
  onSalvar: (d: string) => void;
  onCancelar?: () => void;
}) {
  const [valor, setValor] = useState(inicial);
  const [erro, setErro] = useState<string | null>(null);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const x = erroNome(valor);
    setErro(x);
    if (x) return;
    onSalvar(valor.trim());
    if (!onCancelar) setValor('');
  };
  return (
    <form onSubmit={enviar} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={rotulo}
          value={valor}
          onChange={(e) => setValor(e.currentTarget.value)}
          onBlur={() => {
            if (valor !== inicial) setErro(erroNome(valor));
          }}
          error={erro}
          data-autofocus={onCancelar ? true : undefined}
        />
        <Button type="submit" mt={25}>
          {botao}
        </Button>
        {onCancelar ? (
          <Button variant="default" mt={25} onClick={onCancelar}>
            Cancelar
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

/** A product in its category's list: open it, drag it, or move it with ↑/↓. */
function ProdutoLinha({
  produto: p,
  indice: i,
  ids,
  selecionado,
  idgrupo,
  acoes,
}: {
  produto: ProdutoLista;
  indice: number;
  ids: number[];
  selecionado: boolean;
  idgrupo: number;
  acoes: AcoesCategorias;
}) {
  const a = useArrastavel(p.idproduto);
  return (
    <li
      ref={a.ref}
      style={a.style}
      className={a.arrastando ? `${classes.produtoLinha} ${classes.arrastando}` : classes.produtoLinha}
    >
      <Alca alca={a.alca} nome={p.descricao} size="sm" />
      <button
        type="button"
        className={classes.produtoBotao}
        aria-current={selecionado ? 'true' : undefined}
        onClick={() => acoes.abrirProduto(p.idproduto)}
      >
        <span className={classes.produtoNome}>{p.descricao}</span>
        <span className={classes.produtoPreco}>
          {formatBRL(p.precooferta > 0 && p.precooferta < p.preco ? p.precooferta : p.preco)}
          {p.stindisponivel === 1 ? (
            <Badge size="xs" color="dark" ml={6}>
              Indisponível
            </Badge>
          ) : p.stindisponivel === 2 ? (
            <Badge size="xs" color="gray" variant="light" ml={6}>
              Oculto
            </Badge>
          ) : null}
        </span>
      </button>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Mover para cima: ${p.descricao}`}
        disabled={i === 0}
        onClick={() => acoes.ordenarProdutos(idgrupo, mover(ids, i, -1))}
      >
        <Icone nome="setaCima" tamanho={14} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Mover para baixo: ${p.descricao}`}
        disabled={i === ids.length - 1}
        onClick={() => acoes.ordenarProdutos(idgrupo, mover(ids, i, 1))}
      >
        <Icone nome="setaBaixo" tamanho={14} />
      </ActionIcon>
    </li>
  );
}

function CategoriaItem({
  categoria,
  indice,
  total,
  ids,
  selecionado,
  acoes,
}: {
  categoria: Categoria;
  indice: number;
  total: number;
  ids: number[];
  selecionado: number | null;
  acoes: AcoesCategorias;
}) {
  const [renomeando, setRenomeando] = useState(false);
  const [confirmar, setConfirmar] = useState(false);
  const nome = categoria.descricao;
  const tituloId = `categoria-${categoria.idgrupo}`;
  const produtos = categoria.produtos;
  const temporaria = categoria.idgrupo < 0;
  const idsProdutos = useIds(produtos.map((p) => p.idproduto));
  const nomeProduto = useCallback(
    (id: number) => produtos.find((p) => p.idproduto === id)?.descricao ?? `Produto ${id}`,
    [produtos],
  );
  const a = useArrastavel(categoria.idgrupo, temporaria);
  return (
    <Paper
      ref={a.ref}
      style={a.style}
      className={a.arrastando ? classes.arrastando : undefined}
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={tituloId}
    >
      <Stack gap="xs">
        {renomeando ? (
          <NomeForm
            inicial={nome}
            rotulo={`Novo nome de ${nome}`}
            botao="Salvar"
            onSalvar={(d) => {
              acoes.renomear(categoria.idgrupo, d);
              setRenomeando(false);
            }}
            onCancelar={() => setRenomeando(false)}
          />
        ) : (
          // A long name keeps its words whole: the buttons go to the next line instead.
          <Group justify="space-between" wrap="wrap" gap={4}>
            <Group gap={2} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
              <Alca alca={a.alca} nome={nome} disabled={temporaria} />
              <Title order={2} size="h5" id={tituloId} className={classes.nomeCategoria}>
                {nome}
              </Title>
            </Group>
            <Group gap={2} wrap="nowrap" ml="auto">
              <ActionIcon
                variant="subtle"
                aria-label={`Mover para cima: ${nome}`}
                disabled={indice === 0 || temporaria}
                onClick={() => acoes.ordenar(mover(ids, indice, -1))}
              >
                <Icone nome="setaCima" />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Mover para baixo: ${nome}`}
                disabled={indice === total - 1 || temporaria}
                onClick={() => acoes.ordenar(mover(ids, indice, 1))}
              >
                <Icone nome="setaBaixo" />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Renomear: ${nome}`}
                disabled={temporaria}
                onClick={() => setRenomeando(true)}
              >
                <Icone nome="lapis" />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Excluir categoria: ${nome}`}
                disabled={temporaria}
                onClick={() => setConfirmar(true)}
              >
                <Icone nome="lixeira" />
              </ActionIcon>
            </Group>
          </Group>
        )}
        {produtos.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum produto.
          </Text>
        ) : (
          <ul className={classes.produtos}>
            <ListaArrastavel
              ids={idsProdutos}
              nome={nomeProduto}
              onOrdenar={(novos) => acoes.ordenarProdutos(categoria.idgrupo, novos)}
            >
              {produtos.map((p, i) => (
                <ProdutoLinha
                  key={p.idproduto}
                  produto={p}
                  indice={i}
                  ids={idsProdutos}
                  selecionado={selecionado === p.idproduto}
                  idgrupo={categoria.idgrupo}
                  acoes={acoes}
                />
              ))}
            </ListaArrastavel>
          </ul>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={temporaria}
          aria-label={`Novo produto em ${nome}`}
          onClick={() => acoes.novoProduto(categoria.idgrupo)}
        >
          Novo produto
        </Button>
      </Stack>
      <AppModal opened={confirmar} onClose={() => setConfirmar(false)} title={`Excluir a categoria ${nome}?`}>
        <Stack>
          <Text size="sm">
            {produtos.length > 0
              ? `Ela tem ${produtos.length} ${produtos.length === 1 ? 'produto' : 'produtos'}: mova ou exclua os produtos antes; o servidor recusa excluir uma categoria com produtos.`
              : 'A categoria sai do cardápio do cliente.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmar(false)}>
              Cancelar
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                setConfirmar(false);
                acoes.excluir(categoria.idgrupo);
              }}
            >
              Excluir categoria
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Paper>
  );
}

/**
 * The categories in order, each with its products: dragged by their handles (pointer or
 * keyboard), or moved with the ↑/↓ buttons.
 */
export const Categorias = memo(function Categorias({
  cardapio,
  selecionado,
  acoes,
}: {
  cardapio: CardapioPainel;
  selecionado: number | null;
  acoes: AcoesCategorias;
}) {
  const ids = useIds(cardapio.categorias.map((c) => c.idgrupo));
  const nomeCategoria = useCallback(
    (id: number) => cardapio.categorias.find((c) => c.idgrupo === id)?.descricao ?? `Categoria ${id}`,
    [cardapio.categorias],
  );
  return (
    <Stack gap="sm">
      <NomeForm inicial="" rotulo="Nova categoria" botao="Adicionar" onSalvar={acoes.criar} />
      {cardapio.categorias.length === 0 ? (
        <Text size="sm" c="dimmed">
          O cardápio está vazio. Comece por uma categoria (ex.: Pizzas, Bebidas).
        </Text>
      ) : null}
      <ListaArrastavel ids={ids} nome={nomeCategoria} onOrdenar={acoes.ordenar}>
        {cardapio.categorias.map((c, i) => (
          <CategoriaItem
            key={c.idgrupo}
            categoria={c}
            indice={i}
            total={ids.length}
            ids={ids}
            selecionado={selecionado}
            acoes={acoes}
          />
        ))}
      </ListaArrastavel>
    </Stack>
  );
});
