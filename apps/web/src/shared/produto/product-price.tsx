import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import { MSG, formatReais, isOffer, type Produto } from '@rango/domain';

interface Props {
  produto: Pick<Produto, 'preco' | 'precooferta'>;
  size?: MantineSize;
}

/** The product price; with an offer, the list price struck through and the OFERTA tag. */
export function ProductPrice({ produto, size = 'sm' }: Props) {
  if (isOffer(produto)) {
    return (
      <Group gap={6} wrap="wrap" align="center">
        <Text size={size} fw={700} c="var(--rango-oferta, #1b6b33)">
          {formatReais(produto.precooferta)}
        </Text>
        <Text size="xs" c="dimmed" td="line-through">
          {formatReais(produto.preco)}
        </Text>
        <Badge color="#1b6b33" variant="filled" size="sm">
          {MSG.oferta}
        </Badge>
      </Group>
    );
  }
  return (
    <Text size={size} fw={700}>
      {formatReais(produto.preco)}
    </Text>
  );
}
