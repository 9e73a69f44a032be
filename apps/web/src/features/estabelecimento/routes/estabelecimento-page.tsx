import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, isHidden, isStoreOpen, parseId } from '@rango/domain';
import { IconSearch } from '@tabler/icons-react';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { repriceItems, useCart } from '../../../stores/cart.ts';
import { useEstabelecimento } from '../../../api/get-estabelecimento.ts';
import { useFormasPgto } from '../../../api/get-formas-pgto.ts';
import { useMenu } from '../../../api/get-menu.ts';
import { CategoryBar } from '../components/category-bar.tsx';
import { EstabelecimentoHeader } from '../components/estabelecimento-header.tsx';
import { MaisInformacoes } from '../components/mais-informacoes.tsx';
import type { EdicaoItem } from '../components/product-drawer.tsx';
import { ProductList, type ProductListHandle } from '../components/product-list.tsx';
import { useProdutoParam } from '../hooks/use-produto-param.ts';
import { estabelecimentoDoHost } from '../../../shared/config/host.ts';
import { useStickyTop } from '../hooks/use-sticky-top.ts';
import { buildMenuIndex, countProdutos, filterMenu } from '../lib/menu-index.ts';

// The drawer (Drawer, radios, checkboxes, textarea, steppers) loads when a product is first
// opened, not with the menu; it stays mounted afterwards so it can slide out.
const ProductDrawer = lazy(() =>
  import('../components/product-drawer.tsx').then((m) => ({ default: m.ProductDrawer })),
);

/** Runs `fn` in a task after the next frame is painted. */
function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(fn, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(fn, 0));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : MSG.erroNaoIdentificado;
}

/** Re-renders every minute so FECHADO follows the clock. */
function useMinuteTick(): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  return tick;
}

function NotFound({ message }: { message: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Estabelecimento não encontrado</Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to={paths.home}>
          Ir para a página inicial
        </Button>
      </Stack>
    </Container>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Não foi possível abrir o cardápio</Title>
        <Text c="dimmed">{message}</Text>
        <Group>
          <Button onClick={onRetry}>Tentar novamente</Button>
          <Button component={Link} to={paths.home} variant="default">
            Ir para a página inicial
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function ProductsSkeleton() {
  return (
    <Stack gap="md" mt="md">
      <Text role="status" c="dimmed" ta="center">
        {MSG.buscandoProdutos}
      </Text>
      <Skeleton h={28} w={180} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={12}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={132} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Same geometry as the header plus the 'Mais Informações' row, so the search box does not move. */
function HeaderSkeleton() {
  return (
    <>
      <Group wrap="nowrap" gap="md" aria-hidden>
        <Skeleton h={72} w={72} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={28} w="60%" />
          <Skeleton h={16} w="40%" />
        </Stack>
      </Group>
      <Box h={33.6} py={7} aria-hidden>
        <Skeleton h="100%" w={150} />
      </Box>
    </>
  );
}

export function EstabelecimentoPage() {
  // At `/` under a restaurant's own host name, the host's establishment (router.tsx).
  const { id: idParam = estabelecimentoDoHost } = useParams();
  const parsed = parseId(idParam);
  const valido = parsed !== undefined;
  const id = parsed ?? 0;

  const detalheQ = useEstabelecimento(id, valido);
  const menuQ = useMenu(id, valido);
  const formasQ = useFormasPgto(id, valido);
  useMinuteTick();
  useDocumentTitle(
    !valido || (detalheQ.error instanceof ApiError && detalheQ.error.status === 404)
      ? 'Estabelecimento não encontrado'
      : detalheQ.data?.estabelecimento.apelidooufantasia,
  );

  const [busca, setBusca] = useState('');
  const [buscaLista, setBuscaLista] = useState('');
  // The keystroke's own frame (the input) paints first; the list follows after that paint, in a
  // transition React can interrupt, so a long menu never delays the echo of a key.
  const onBusca = useCallback((valor: string) => {
    setBusca(valor);
    afterNextPaint(() => startTransition(() => setBuscaLista(valor)));
  }, []);
  const buscaAdiada = useDeferredValue(buscaLista);
  const index = useMemo(() => (menuQ.data ? buildMenuIndex(menuQ.data) : null), [menuQ.data]);
  const grupos = useMemo(() => (index ? filterMenu(index, buscaAdiada) : []), [index, buscaAdiada]);

  const [ativo, setAtivo] = useState<number | null>(null);
  const stickyTop = useStickyTop();
  const barRef = useRef<HTMLElement>(null);
  const listRef = useRef<ProductListHandle>(null);
  const getStickyOffset = useCallback(() => {
    const bar = barRef.current;
    if (!bar) return 0;
    const top = Number.parseFloat(getComputedStyle(bar).top) || 0;
    return top + bar.getBoundingClientRect().height;
  }, []);
  const selectGroup = useCallback((idgrupo: number) => {
    setAtivo(idgrupo);
    listRef.current?.scrollToGroup(idgrupo);
  }, []);

  // The drawer (?item=, &indice=).
  const { item, idproduto, indice, close, locationKey } = useProdutoParam();
  const cart = useCart();
  // The cart shows what the engine computes from today's menu, not what it stored. The builder
  // (lib/cart-item.ts, shared with the drawer, the checkout and 'Pedir de novo') loads only when
  // this establishment's cart has items: a first visit's menu does not fetch it (bench
  // bundle-size: one file and ~0.4 KiB gzip less on /estabelecimento/1).
  const temItens = cart.estabelecimento?.id === id && cart.itens.length > 0;
  useEffect(() => {
    const menu = menuQ.data;
    if (!menu || !temItens) return;
    let vale = true;
    void import('../../../lib/cart-item.ts').then((m) => {
      if (vale) repriceItems(id, m.repriceWithMenu(menu));
    });
    return () => {
      vale = false;
    };
  }, [menuQ.data, id, temItens]);
  const produtoAberto = useMemo(() => {
    if (!menuQ.data || idproduto === null) return null;
    for (const g of menuQ.data.grupos) {
      const p = g.produtos.find((x) => x.idproduto === idproduto);
      if (p) return isHidden(p) ? null : p;
    }
    return null;
  }, [menuQ.data, idproduto]);
  const edicao = useMemo((): EdicaoItem | null => {
    if (indice === null || !produtoAberto || cart.estabelecimento?.id !== id) return null;
    const cartItem = cart.itens[indice];
    return cartItem && cartItem.idproduto === produtoAberto.idproduto ? { indice, item: cartItem } : null;
  }, [indice, produtoAberto, cart, id]);

  const [drawerUsado, setDrawerUsado] = useState(false);
  if (produtoAberto && !drawerUsado) setDrawerUsado(true);

  const avisado = useRef<string | null>(null);
  useEffect(() => {
    if (item === null || !menuQ.data || produtoAberto || avisado.current === locationKey) return;
    avisado.current = locationKey;
    notifications.show({ color: 'red', message: 'Produto não encontrado.' });
    close();
  }, [item, menuQ.data, produtoAberto, locationKey, close]);

  if (!valido) return <NotFound message={MSG.rotaNaoEncontrada} />;
  if (detalheQ.isError) {
    const e = detalheQ.error;
    if (e instanceof ApiError && e.status === 404) return <NotFound message={e.message} />;
    return <LoadError message={errorMessage(e)} onRetry={() => void detalheQ.refetch()} />;
  }

  const detalhe = detalheQ.data;
  const aberto = detalhe ? isStoreOpen(detalhe) : true;
  const buscando = busca !== '' || buscaAdiada !== '';
  const total = countProdutos(grupos);

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py="md">
      <Stack gap="sm">
        {detalhe ? (
          <>
            <EstabelecimentoHeader detalhe={detalhe} aberto={aberto} />
            <MaisInformacoes
              detalhe={detalhe}
              formasPgto={formasQ.data}
              formasPgtoErro={formasQ.isError ? errorMessage(formasQ.error) : null}
            />
          </>
        ) : (
          <HeaderSkeleton />
        )}
        <TextInput
          type="search"
          aria-label={MSG.buscarNoCardapio}
          placeholder={MSG.buscarNoCardapio}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={busca}
          onChange={(e) => onBusca(e.currentTarget.value)}
          radius="xl"
          size="md"
        />
      </Stack>
      {index && grupos.length > 0 && (
        <CategoryBar ref={barRef} top={stickyTop} grupos={grupos} ativo={ativo} onSelect={selectGroup} />
      )}
      <VisuallyHidden role="status">
        {index && buscando && total > 0
          ? `${total} ${total === 1 ? 'produto encontrado' : 'produtos encontrados'}`
          : ''}
      </VisuallyHidden>
      {menuQ.isError ? (
        <Alert color="red" title="Não foi possível carregar o cardápio" mt="md">
          <Text size="sm">{errorMessage(menuQ.error)}</Text>
          <Button mt="sm" size="xs" color="red" variant="light" onClick={() => void menuQ.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      ) : !index ? (
        <ProductsSkeleton />
      ) : grupos.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {MSG.nenhumProduto}
        </Text>
      ) : (
        <ProductList
          ref={listRef}
          grupos={grupos}
          getStickyOffset={getStickyOffset}
          onActiveGroupChange={setAtivo}
        />
      )}
      {detalhe && (drawerUsado || produtoAberto) && (
        <Suspense fallback={null}>
          <ProductDrawer
            produto={produtoAberto}
            onClose={close}
            idEstabelecimento={id}
            detalhe={detalhe}
            formasPgto={formasQ.data}
            formasPgtoErro={formasQ.isError ? errorMessage(formasQ.error) : null}
            edicao={edicao}
          />
        </Suspense>
      )}
    </Container>
  );
}
