import { Button, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { AppModal } from '../../../../shared/components/app-modal.tsx';
import classes from './cardapio.module.css';

export interface AcoesBarra {
  salvar: () => void;
  descartar: () => void;
  duplicar: () => void;
  excluir: () => void;
  fecharExcluir: () => void;
  confirmarExcluir: () => void;
}

/**
 * 'Salvar produto', 'Descartar', 'Duplicar', 'Excluir': memoised with actions that stay the same
 * object, so a keystroke in the editor redraws the bar only when 'Alterações não salvas' turns on.
 */
export const BarraAcoes = memo(function BarraAcoes({
  sujo,
  salvando,
  existe,
  duplicando,
  acoes,
}: {
  sujo: boolean;
  salvando: boolean;
  /** A product already saved (not a new one): it can be copied or deleted. */
  existe: boolean;
  duplicando: boolean;
  acoes: AcoesBarra;
}) {
  return (
    <Group className={classes.barraAcoes} justify="space-between" gap="xs">
      <Group gap="xs">
        <Button onClick={acoes.salvar} loading={salvando}>
          Salvar produto
        </Button>
        <Button variant="default" disabled={!sujo || salvando} onClick={acoes.descartar}>
          Descartar
        </Button>
        {sujo ? (
          <Text size="sm" c="red.9" fw={600}>
            Alterações não salvas
          </Text>
        ) : null}
      </Group>
      {existe ? (
        <Group gap="xs">
          <Button variant="default" loading={duplicando} onClick={acoes.duplicar}>
            Duplicar
          </Button>
          <Button variant="default" color="red" onClick={acoes.excluir}>
            Excluir
          </Button>
        </Group>
      ) : null}
    </Group>
  );
});

export const ModalExcluir = memo(function ModalExcluir({
  aberto,
  nome,
  fechar,
  confirmar,
}: {
  aberto: boolean;
  nome: string;
  fechar: () => void;
  confirmar: () => void;
}) {
  return (
    <AppModal opened={aberto} onClose={fechar} title="Excluir o produto?">
      <Stack>
        <Text size="sm">{nome} sai do cardápio. Pedidos já feitos com ele continuam como estão.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={fechar}>
            Cancelar
          </Button>
          <Button color="red.8" onClick={confirmar}>
            Excluir produto
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
});
