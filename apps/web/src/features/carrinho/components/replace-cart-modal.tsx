import '../../../components/overlay-styles.ts';
import { Button, Group, Text } from '@mantine/core';
import { answerReplaceCart, useReplaceCartRequest } from '../../../stores/cart.ts';
import { AppModal } from '../../../shared/components/app-modal.tsx';

/** Asks before an item from another establishment empties the cart (spec section 4). */
export function ReplaceCartModal() {
  const { opened, atual, novo } = useReplaceCartRequest();
  return (
    <AppModal opened={opened} onClose={() => answerReplaceCart(false)} title="Esvaziar carrinho?" centered>
      <Text>
        Seu carrinho tem itens de {atual}. Deseja esvaziá-lo e adicionar este item de {novo}?
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => answerReplaceCart(false)}>
          Cancelar
        </Button>
        <Button onClick={() => answerReplaceCart(true)}>Esvaziar e adicionar</Button>
      </Group>
    </AppModal>
  );
}
