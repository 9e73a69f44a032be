import { Badge, Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { MSG, isUnavailable, type Produto } from '@rango/domain';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../config/paths.ts';
import { ProductPrice } from './product-price.tsx';

export const CARD_HEIGHT = 132;
const IMG = 104;

/** History state marking an entry pushed by opening a product, so closing can go Back. */
export const PRODUTO_ABERTO_STATE = { produtoAberto: true } as const;

interface Props {
  produto: Produto;
}

/** A product in the list; the whole card is a link to `?item={idproduto}` (opens the drawer). */
export const ProductCard = memo(function ProductCard({ produto }: Props) {
  const indisponivel = isUnavailable(produto);
  const src = imageUrl(produto.imagem);
  return (
    <UnstyledButton
      component={Link}
      to={{ search: `?item=${produto.idproduto}` }}
      state={PRODUTO_ABERTO_STATE}
      preventScrollReset
      data-produto={produto.idproduto}
      mih={CARD_HEIGHT}
      p="sm"
      style={{
        display: 'flex',
        gap: 12,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-body)',
        overflow: 'hidden',
      }}
    >
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Title order={3} fz="md" fw={600} lineClamp={2}>
          {produto.descricao}
        </Title>
        {produto.detalhe && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {produto.detalhe}
          </Text>
        )}
        <Group gap={6} mt="auto" wrap="wrap">
          <ProductPrice produto={produto} />
          {indisponivel && (
            <Badge color="dark" variant="filled" size="sm">
              {MSG.indisponivelTag}
            </Badge>
          )}
        </Group>
      </Stack>
      {src ? (
        <img
          src={src}
          alt={produto.descricao}
          width={IMG}
          height={IMG}
          loading="lazy"
          decoding="async"
          style={{
            borderRadius: 8,
            objectFit: 'cover',
            flexShrink: 0,
            alignSelf: 'center',
            filter: indisponivel ? 'grayscale(1)' : undefined,
          }}
        />
      ) : (
        <Box
          w={IMG}
          h={IMG}
          bg="gray.1"
          style={{
            borderRadius: 8,
            flexShrink: 0,
            alignSelf: 'center',
            display: 'grid',
            placeItems: 'center',
          }}
          aria-hidden
        >
          <IconToolsKitchen2 size={32} color="var(--mantine-color-gray-5)" />
        </Box>
      )}
    </UnstyledButton>
  );
});
