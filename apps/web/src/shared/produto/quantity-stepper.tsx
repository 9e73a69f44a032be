import { ActionIcon, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

interface Props {
  /** What is counted, for the labels: 'Aumentar quantidade de Bacon'. Empty for the item itself. */
  nome?: string;
  valor: number;
  onChange: (valor: number) => void;
  podeDiminuir: boolean;
  podeAumentar: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** − quantity + with spoken labels; the value is announced politely when it changes. */
export function QuantityStepper({ nome, valor, onChange, podeDiminuir, podeAumentar, size = 'md' }: Props) {
  const de = nome ? ` de ${nome}` : '';
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={`Quantidade${de}`}>
      <ActionIcon
        variant="default"
        radius="xl"
        size={size}
        aria-label={`Diminuir quantidade${de}`}
        disabled={!podeDiminuir}
        onClick={() => onChange(valor - 1)}
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <Text component="output" aria-live="polite" fw={600} miw={24} ta="center">
        {valor}
      </Text>
      <ActionIcon
        variant="default"
        radius="xl"
        size={size}
        aria-label={`Aumentar quantidade${de}`}
        disabled={!podeAumentar}
        onClick={() => onChange(valor + 1)}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
