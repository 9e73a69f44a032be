import { Alert, Paper, Stack, Text } from '@mantine/core';
import type { CardapioPainel } from '@rango/domain/painel/catalogo';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getCardapioQueryOptions } from '../../../api/cardapio.ts';
import { errosDoServidor, escrita } from '../api/escrita.ts';
import {
  aplicarRascunho,
  useCriarCategoria,
  useDuplicarProduto,
  useExcluirCategoria,
  useExcluirProduto,
  useOrdenarCategorias,
  useOrdenarProdutos,
  useRenomearCategoria,
} from '../api/mutacoes.ts';
import { useAvisoAlteracoes } from '../hooks/use-aviso-alteracoes.ts';
import { SalvarErro, alterado, salvarRascunho } from '../lib/salvar-rascunho.ts';
import { novoRascunho, rascunhoDe, type Atualizar, type Rascunho } from '../lib/rascunho.ts';
import { produtoCliente } from '../lib/produto-cliente.ts';
import { validarRascunho } from '../lib/validar-rascunho.ts';
import { BarraAcoes, ModalExcluir, type AcoesBarra } from './barra-acoes.tsx';
import classes from './cardapio.module.css';
import { Categorias, type AcoesCategorias } from './categorias.tsx';
import { FotoProduto } from './foto-produto.tsx';
import { Previa } from './previa.tsx';
import { ProdutoEditor } from './produto-editor.tsx';

/** The editor's key of a product ('p12') or of a new product in a category ('n3'); null: none. */
function chaveDe(p: { produto?: string | null; novo?: string | null }): string | null {
  const produto = Number(p.produto) || null;
  const novo = Number(p.novo) || null;
  return produto ? `p${produto}` : novo ? `n${novo}` : null;
}

interface Edicao {
  /** 'p12' for product 12, 'n3' for a new product in category 3. */
  chave: string;
  rascunho: Rascunho;
  tocados: Set<string>;
  tentou: boolean;
  servidor: Record<string, string>;
}

/**
 * The menu's editor: the categories' list, the chosen product's draft (validated, saved through
 * the catalogue's writes, its errors from the server on its fields), the actions' bar and the
 * customer's preview.
 */
export function CardapioEditor({ cardapio, idest }: { cardapio: CardapioPainel; idest: number }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const chaveUrl = chaveDe({ produto: params.get('produto'), novo: params.get('novo') });
  // A product or 'Novo produto' clicked shows at once: React Router moves the URL in a
  // transition, and on a slow device what was typed meanwhile went into the product being left
  // (then thrown away with it). The choice rules until the URL moves (to it, or back/forward).
  const [escolha, setEscolha] = useState<{ chave: string | null; desde: string | null } | null>(null);
  if (escolha !== null && escolha.desde !== chaveUrl) setEscolha(null);
  const chaveAtual = escolha !== null && escolha.desde === chaveUrl ? escolha.chave : chaveUrl;
  const idproduto = chaveAtual?.startsWith('p') ? Number(chaveAtual.slice(1)) : null;
  const novoEm = chaveAtual?.startsWith('n') ? Number(chaveAtual.slice(1)) : null;
  const mudarPara = (p: { produto?: string; novo?: string }, opts?: { replace: boolean }) => {
    setEscolha({ chave: chaveDe(p), desde: chaveUrl });
    setParams(p, opts);
  };

  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const [salvando, setSalvando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [excluir, setExcluir] = useState(false);

  const [vista, setVista] = useState<string | null>(null);
  // A product chosen (or a new one) starts its draft from what the server holds; a product not
  // yet in the list (a copy just made) starts when the list read brings it.
  if (
    chaveAtual !== vista ||
    (chaveAtual !== null && edicao === null && idproduto && rascunhoDe(cardapio, idproduto))
  ) {
    const r = idproduto ? rascunhoDe(cardapio, idproduto) : novoEm ? novoRascunho(novoEm) : null;
    setVista(chaveAtual);
    setEdicao(
      r && chaveAtual
        ? { chave: chaveAtual, rascunho: r, tocados: new Set(), tentou: false, servidor: {} }
        : null,
    );
  }
  const rascunho = edicao?.chave === chaveAtual ? edicao.rascunho : null;
  const sujo = rascunho !== null && alterado(rascunho, cardapio);
  const confirmar = useAvisoAlteracoes(sujo);

  const erros = useMemo(() => (rascunho ? validarRascunho(rascunho) : {}), [rascunho]);
  // What shows: the server's answer, then the schema's errors of touched fields (all after 'Salvar').
  const visiveisAgora = useMemo(() => {
    const out: Record<string, string> = {};
    if (!edicao) return out;
    for (const [k, m] of Object.entries(erros)) if (edicao.tentou || edicao.tocados.has(k)) out[k] = m;
    return { ...out, ...edicao.servidor };
  }, [edicao, erros]);
  // The same object while the errors shown are the same: the editor's memoised parts (the option
  // groups) are not redrawn by a keystroke that changes no error.
  const chaveVisiveis = JSON.stringify(visiveisAgora);
  const visiveis = useMemo(() => JSON.parse(chaveVisiveis) as Record<string, string>, [chaveVisiveis]);
  const tocar = useCallback(
    (k: string) =>
      setEdicao((e) => (e && !e.tocados.has(k) ? { ...e, tocados: new Set(e.tocados).add(k) } : e)),
    [],
  );
  const atualizar = useCallback<Atualizar>(
    (fn) => setEdicao((e) => (e ? { ...e, rascunho: fn(e.rascunho), servidor: {} } : e)),
    [],
  );

  const nomesProdutos = useMemo(
    () =>
      new Map(cardapio.categorias.flatMap((c) => c.produtos.map((p) => [p.idproduto, p.descricao] as const))),
    [cardapio],
  );

  const criar = useCriarCategoria(idest);
  const renomear = useRenomearCategoria(idest);
  const ordenar = useOrdenarCategorias(idest);
  const excluirCat = useExcluirCategoria(idest);
  const ordenarProd = useOrdenarProdutos(idest);
  const excluirProd = useExcluirProduto(idest);
  const duplicar = useDuplicarProduto(idest);
  const recusa = (e: unknown) => setErro(e instanceof Error ? e.message : 'Erro não identificado.');
  const comAviso = { onError: recusa, onSuccess: () => setErro(null) };

  const ir = (p: { produto?: string; novo?: string }) => {
    setAviso(null);
    setErro(null);
    mudarPara(p);
  };
  const acoes: AcoesCategorias = {
    criar: (d) => criar.mutate(d, comAviso),
    renomear: (idgrupo, descricao) => renomear.mutate({ idgrupo, descricao }, comAviso),
    ordenar: (ids) => ordenar.mutate(ids, comAviso),
    excluir: (id) => excluirCat.mutate(id, comAviso),
    ordenarProdutos: (idgrupo, ids) => ordenarProd.mutate({ idgrupo, ids }, comAviso),
    abrirProduto: (id) => {
      if (id !== idproduto && confirmar()) ir({ produto: String(id) });
    },
    novoProduto: (idgrupo) => {
      if (confirmar()) ir({ novo: String(idgrupo) });
    },
  };

  // The list is memoised: it gets one object whose methods call the latest actions (a keystroke
  // in the editor must not redraw every product of the menu).
  const acoesRef = useRef(acoes);
  useEffect(() => {
    acoesRef.current = acoes;
  });
  const acoesEstaveis = useMemo<AcoesCategorias>(
    () => ({
      criar: (d) => acoesRef.current.criar(d),
      renomear: (id, d) => acoesRef.current.renomear(id, d),
      ordenar: (ids) => acoesRef.current.ordenar(ids),
      excluir: (id) => acoesRef.current.excluir(id),
      ordenarProdutos: (id, ids) => acoesRef.current.ordenarProdutos(id, ids),
      abrirProduto: (id) => acoesRef.current.abrirProduto(id),
      novoProduto: (id) => acoesRef.current.novoProduto(id),
    }),
    [],
  );

  const salvar = async () => {
    if (!edicao || !rascunho) return;
    if (Object.keys(erros).length > 0) {
      setEdicao({ ...edicao, tentou: true, servidor: {} });
      setErro('Corrija os campos marcados antes de salvar.');
      // The first marked field takes the focus once the errors are on screen.
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSalvando(true);
    setErro(null);
    setAviso(null);
    const key = getCardapioQueryOptions(idest).queryKey;
    await qc.cancelQueries({ queryKey: key });
    const antes = qc.getQueryData(key);
    // The list and every product sharing these groups show the change at once.
    if (antes) qc.setQueryData(key, aplicarRascunho(antes, rascunho));
    try {
      const salvo = await salvarRascunho(escrita(idest), rascunho, antes);
      const novo = await qc.fetchQuery({ ...getCardapioQueryOptions(idest), staleTime: 0 });
      const id = salvo.produto.idproduto;
      const r = rascunhoDe(novo, id) ?? salvo;
      setEdicao({ chave: `p${id}`, rascunho: r, tocados: new Set(), tentou: false, servidor: {} });
      setVista(`p${id}`);
      if (chaveAtual !== `p${id}`) mudarPara({ produto: String(id) }, { replace: true });
      setAviso('Produto salvo. O cardápio do cliente já mostra a mudança.');
    } catch (e) {
      if (antes) qc.setQueryData(key, antes);
      void qc.invalidateQueries({ queryKey: key });
      if (e instanceof SalvarErro) {
        setEdicao((x) =>
          x ? { ...x, rascunho: e.rascunho, tentou: true, servidor: errosDoServidor(e) } : x,
        );
      }
      recusa(e);
    } finally {
      setSalvando(false);
    }
  };

  // A photo saves by itself: the list, the draft and the preview take the server's URL at once
  // (it is not a change of the draft: 'Alterações não salvas' does not light up).
  const fotoMudou = useCallback(
    (idp: number, imagem: string | null) => {
      const key = getCardapioQueryOptions(idest).queryKey;
      qc.setQueryData(key, (c) =>
        c
          ? {
              ...c,
              categorias: c.categorias.map((x) => ({
                ...x,
                produtos: x.produtos.map((p) => (p.idproduto === idp ? { ...p, imagem } : p)),
              })),
            }
          : c,
      );
      setEdicao((e) =>
        e && e.rascunho.produto.idproduto === idp
          ? { ...e, rascunho: { ...e.rascunho, produto: { ...e.rascunho.produto, imagem } } }
          : e,
      );
      void qc.invalidateQueries({ queryKey: key });
    },
    [idest, qc],
  );

  const barra: AcoesBarra = {
    salvar: () => void salvar(),
    descartar: () => descartar(),
    duplicar: () => {
      if (!idproduto || !confirmar()) return;
      duplicar.mutate(idproduto, {
        onSuccess: (p) => {
          ir({ produto: String(p.idproduto) });
          setAviso('Cópia criada: você está editando a cópia.');
        },
        onError: recusa,
      });
    },
    excluir: () => setExcluir(true),
    fecharExcluir: () => setExcluir(false),
    confirmarExcluir: () => {
      setExcluir(false);
      if (!idproduto) return;
      excluirProd.mutate(idproduto, comAviso);
      setEdicao(null);
      ir({});
    },
  };
  // The bar and the modal are memoised: they get one object whose methods call the latest actions.
  const barraRef = useRef(barra);
  useEffect(() => {
    barraRef.current = barra;
  });
  const barraEstavel = useMemo<AcoesBarra>(
    () => ({
      salvar: () => barraRef.current.salvar(),
      descartar: () => barraRef.current.descartar(),
      duplicar: () => barraRef.current.duplicar(),
      excluir: () => barraRef.current.excluir(),
      fecharExcluir: () => barraRef.current.fecharExcluir(),
      confirmarExcluir: () => barraRef.current.confirmarExcluir(),
    }),
    [],
  );

  // The photo's field as one element while its props are the same ('Dados do produto' is
  // memoised: a key in an option does not redraw it).
  const fotoId = rascunho?.produto.idproduto;
  const fotoNome = rascunho?.produto.descricao || 'o produto';
  const fotoImagem = rascunho?.produto.imagem ?? null;
  const foto = useMemo(
    () =>
      fotoId === undefined ? null : (
        <FotoProduto
          idest={idest}
          idproduto={fotoId}
          nome={fotoNome}
          imagem={fotoImagem}
          onMudou={fotoMudou}
        />
      ),
    [idest, fotoId, fotoNome, fotoImagem, fotoMudou],
  );

  const descartar = () => {
    if (!edicao) return;
    const r = idproduto ? rascunhoDe(cardapio, idproduto) : novoEm ? novoRascunho(novoEm) : null;
    if (r) setEdicao({ ...edicao, rascunho: r, tocados: new Set(), tentou: false, servidor: {} });
    setErro(null);
  };

  return (
    <div className={classes.grade} data-com-produto={rascunho ? 'true' : undefined}>
      <nav aria-label="Categorias e produtos" className={classes.lista}>
        <Categorias cardapio={cardapio} selecionado={idproduto} acoes={acoesEstaveis} />
      </nav>
      <Stack gap="md" style={{ minWidth: 0 }}>
        {erro ? (
          <Alert color="red" variant="light" role="alert" title="Não foi possível salvar">
            {erro}
          </Alert>
        ) : null}
        {aviso ? (
          <Alert color="teal" variant="light" role="status">
            {aviso}
          </Alert>
        ) : null}
        {!rascunho ? (
          <Paper withBorder radius="md" p="md">
            <Text fw={600}>Escolha um produto</Text>
            <Text size="sm" c="dimmed">
              Escolha um produto na lista para editar, ou crie um com &quot;Novo produto&quot; numa categoria.
            </Text>
          </Paper>
        ) : (
          <>
            <ProdutoEditor
              key={edicao?.chave}
              rascunho={rascunho}
              atualizar={atualizar}
              tocar={tocar}
              visiveis={visiveis}
              gruposExistentes={cardapio.gruposopcao}
              nomesProdutos={nomesProdutos}
              foto={foto}
            />
            <BarraAcoes
              sujo={sujo}
              salvando={salvando}
              existe={idproduto !== null}
              duplicando={duplicar.isPending}
              acoes={barraEstavel}
            />
          </>
        )}
      </Stack>
      {rascunho ? (
        <div className={classes.previa}>
          <Previa produto={produtoCliente(rascunho)} />
        </div>
      ) : null}
      <ModalExcluir
        aberto={excluir}
        nome={rascunho?.produto.descricao ?? ''}
        fechar={barraEstavel.fecharExcluir}
        confirmar={barraEstavel.confirmarExcluir}
      />
    </div>
  );
}
