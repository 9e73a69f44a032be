import '../../../components/overlay-styles.ts';
import { Badge, Button, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications, type NotificationData } from '@mantine/notifications';
import {
  MSG,
  defaultGroupChoice,
  formatBRL,
  isStoreOpen,
  isUnavailable,
  priceItem,
  visibleGroups,
  type EstabelecimentoDetalhe,
  type FormaPgto,
  type Produto,
  type QuantidadesGrupo,
} from '@rango/domain';
import { useMemo, useRef, useState } from 'react';
import { MOBILE_QUERY } from '../../../config/breakpoints.ts';
import { imageUrl } from '../../../shared/config/api.ts';
import { editItem, requestAddItem, type CartItem } from '../../../stores/cart.ts';
import { addItemRefusal } from '../lib/add-item.ts';
import { buildCartItem, type Escolhas } from '../../../lib/cart-item.ts';
import { OptionGroupFieldset } from '../../../shared/produto/option-group-fieldset.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import { ProductDrawerFooter } from '../../../shared/produto/product-drawer-footer.tsx';
import { ProductPrice } from '../../../shared/produto/product-price.tsx';

/** One refusal and one confirmation at a time: a new one replaces the old, never stacks. */
const RECUSA = 'produto-recusa';
const SUCESSO = 'produto-adicionado';
function notify(notice: NotificationData & { id: string }): void {
  notifications.hide(notice.id);
  notifications.show(notice);
}

export interface EdicaoItem {
  indice: number;
  item: CartItem;
}

interface Props {
  /** The product on `?item=`; null closes the drawer. */
  produto: Produto | null;
  onClose: () => void;
  idEstabelecimento: number;
  detalhe: EstabelecimentoDetalhe;
  formasPgto: FormaPgto[] | undefined;
  formasPgtoErro: string | null;
  /** Set when `?indice=` names a cart item of this product. */
  edicao: EdicaoItem | null;
}

/** The product drawer on `?item={idproduto}`: options, comment, quantity, 'Adicionar'/'Editar'. */
export function ProductDrawer({ produto, onClose, ...rest }: Props) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  // Keep showing the last product while the drawer slides out.
  const [mostrado, setMostrado] = useState<Produto | null>(produto);
  if (produto && produto !== mostrado) setMostrado(produto);
  const atual = produto ?? mostrado;
  return (
    <Drawer.Root
      opened={produto !== null}
      onClose={onClose}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '100%' : 512}
      padding="md"
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: a second banner landmark fails axe while the drawer is open. */}
        <Drawer.Header {...{ component: 'div' }}>
          <Drawer.Title fw={700} fz="lg">
            {atual?.descricao}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Fechar" />
        </Drawer.Header>
        <Drawer.Body>
          {atual && (
            <ProductForm
              key={`${atual.idproduto}-${rest.edicao?.indice ?? 'novo'}`}
              produto={atual}
              onDone={onClose}
              {...rest}
            />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

type FormProps = Omit<Props, 'produto' | 'onClose'> & { produto: Produto; onDone: () => void };

function initialEscolhas(produto: Produto, edicao: EdicaoItem | null): Escolhas {
  if (edicao) return { ...edicao.item.grupoopcoes };
  return Object.fromEntries(visibleGroups(produto).map((g) => [g.idgrupoopcao, defaultGroupChoice(g)]));
}

function ProductForm({
  produto,
  onDone,
  idEstabelecimento,
  detalhe,
  formasPgto,
  formasPgtoErro,
  edicao,
}: FormProps) {
  const grupos = useMemo(() => visibleGroups(produto), [produto]);
  const [escolhas, setEscolhas] = useState<Escolhas>(() => initialEscolhas(produto, edicao));
  const [quantidade, setQuantidade] = useState(edicao?.item.quantidade ?? 1);
  const [observacoes, setObservacoes] = useState(edicao?.item.observacoes ?? '');
  const [destacar, setDestacar] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const fieldsets = useRef(new Map<number, HTMLFieldSetElement>());

  const precificado = useMemo(
    () => priceItem(produto, { quantidade, escolhas }),
    [produto, quantidade, escolhas],
  );
  const total = precificado.preco_total;
  const indisponivel = isUnavailable(produto);
  const src = imageUrl(produto.imagem);
  const carregandoFormas = formasPgto === undefined && formasPgtoErro === null;

  const setGrupo = (idgrupoopcao: number, escolha: QuantidadesGrupo) =>
    setEscolhas((e) => ({ ...e, [idgrupoopcao]: escolha }));

  const submit = async () => {
    const recusa = addItemRefusal({
      produto,
      grupos,
      escolhas,
      lojaAberta: isStoreOpen(detalhe),
      formasPgto: formasPgto ?? [],
    });
    if (recusa) {
      notify({ id: RECUSA, color: 'red', title: recusa.titulo, message: recusa.mensagem });
      if (recusa.idgrupoopcao !== undefined) {
        setDestacar(true);
        const el = fieldsets.current.get(recusa.idgrupoopcao);
        el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
        el?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')?.focus({
          preventScroll: true,
        });
      }
      return;
    }
    // The spec's order first (unavailable, required, closed); only then a failed payment-methods
    // call, which leaves us unable to tell whether the store takes orders.
    if (formasPgto === undefined && formasPgtoErro !== null) {
      notify({ id: RECUSA, color: 'red', title: MSG.semFormaPagamento, message: formasPgtoErro });
      return;
    }
    // The refusal is answered: it should not linger over the drawer or the cart.
    notifications.hide(RECUSA);
    const item = buildCartItem(produto, { quantidade, escolhas, observacoes });
    setEnviando(true);
    try {
      if (edicao) {
        editItem(edicao.indice, item);
        notify({ id: SUCESSO, color: 'green', message: 'Item atualizado no carrinho' });
        onDone();
        return;
      }
      const ok = await requestAddItem(
        {
          id: idEstabelecimento,
          nome: detalhe.estabelecimento.apelidooufantasia,
          pedidominimo: detalhe.pedidominimo,
        },
        item,
      );
      if (ok) {
        notify({ id: SUCESSO, color: 'green', message: 'Item adicionado ao carrinho' });
        onDone();
      }
    } catch (e) {
      notify({
        id: RECUSA,
        color: 'red',
        message: e instanceof Error ? e.message : MSG.erroNaoIdentificado,
      });
    } finally {
      setEnviando(false);
    }
  };

  const rotulo = indisponivel ? 'Indisponível' : edicao ? 'Editar' : 'Adicionar';

  return (
    <Stack gap="md">
      {src && (
        <img
          src={src}
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
      )}
      <Text size="sm" c={produto.detalhe ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
        {produto.detalhe || MSG.produtoSemDescricao}
      </Text>
      <Group gap="sm">
        <ProductPrice produto={produto} size="lg" />
        {indisponivel && (
          <Badge color="dark" variant="filled">
            {MSG.indisponivelTag}
          </Badge>
        )}
      </Group>
      {grupos.map((g) => (
        <OptionGroupFieldset
          key={g.idgrupoopcao}
          ref={(el) => {
            if (el) fieldsets.current.set(g.idgrupoopcao, el);
            else fieldsets.current.delete(g.idgrupoopcao);
          }}
          grupo={g}
          base={precificado.preco_base}
          escolha={escolhas[g.idgrupoopcao]}
          onChange={(e) => setGrupo(g.idgrupoopcao, e)}
          destacado={destacar}
        />
      ))}
      <Textarea
        label="Comentário"
        placeholder={MSG.comentarioPlaceholder}
        value={observacoes}
        onChange={(e) => setObservacoes(e.currentTarget.value)}
        rows={3}
        maxLength={500}
      />
      {indisponivel ? null : <PriceBreakdown produto={produto} item={precificado} />}
      <ProductDrawerFooter quantidade={quantidade} onQuantidade={setQuantidade}>
        <Button
          size="md"
          color={indisponivel ? 'gray' : undefined}
          style={{ flex: 1 }}
          justify={indisponivel ? 'center' : 'space-between'}
          onClick={submit}
          loading={enviando || (carregandoFormas && !indisponivel)}
          // Looks and reads disabled, but a click still explains why (spec section 5).
          data-disabled={indisponivel || undefined}
          aria-disabled={indisponivel || undefined}
          // Unavailable: no total (nothing can be bought), and 'Indisponível' is never cut at 375 px.
          rightSection={indisponivel ? undefined : <span>{formatBRL(total)}</span>}
        >
          {rotulo}
        </Button>
      </ProductDrawerFooter>
    </Stack>
  );
}
