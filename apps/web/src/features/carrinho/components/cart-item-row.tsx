import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { CartItem } from '../../../stores/cart.ts';
import classes from './cart.module.css';

interface CartItemRowProps {
  item: CartItem;
  onEdit: () => void;
  onRemove: () => void;
}

/** One cart line: quantity, description, chosen options, observations, total, edit and remove. */
export function CartItemRow({ item, onEdit, onRemove }: CartItemRowProps) {
  return (
    <li className={classes.item}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Text fw={700} c="brasa.7" miw={28}>
          <span aria-hidden="true">{item.quantidade}x</span>
          <VisuallyHidden>{`${item.quantidade} ${item.quantidade === 1 ? 'unidade' : 'unidades'}`}</VisuallyHidden>
        </Text>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.descricao}
          </Text>
          {item.resumo.map((linha, i) => (
            <Text key={i} size="sm" c="dimmed">
              {linha}
            </Text>
          ))}
          {item.observacoes.trim() !== '' && (
            <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              Obs.: {item.observacoes}
            </Text>
          )}
          <Text fw={600} mt={4}>
            {formatBRL(item.preco_total)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={`Editar ${item.descricao}`} onClick={onEdit}>
            <IconPencil size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remover ${item.descricao}`}
            onClick={onRemove}
          >
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </li>
  );
}
