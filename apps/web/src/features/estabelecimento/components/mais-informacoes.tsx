import { Box, Group, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MSG, type EstabelecimentoDetalhe, type FormaPgto } from '@rango/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, memo, Suspense, useId, useState } from 'react';
import { useEnderecoEscolhido } from '../../../stores/endereco.ts';

// Address, phones, payment methods and hours (Table, List, Collapse) load on the first press.
const MaisInformacoesPainel = lazy(() =>
  import('./mais-informacoes-painel.tsx').then((m) => ({ default: m.MaisInformacoesPainel })),
);
// The delivery estimate (issue 14) loads on 'Calcular entrega', or at once with a chosen address.
const EntregaCalculo = lazy(() => import('./entrega-carregar.ts').then((m) => m.default()));

interface Props {
  detalhe: EstabelecimentoDetalhe;
  formasPgto: FormaPgto[] | undefined;
  formasPgtoErro: string | null;
}

/** The collapsible 'Mais Informações' panel: address, payment methods, phones, opening hours. */
export const MaisInformacoes = memo(function MaisInformacoes({ detalhe, formasPgto, formasPgtoErro }: Props) {
  const [aberto, { toggle }] = useDisclosure(false);
  const painelId = useId();
  const [usado, setUsado] = useState(false);
  if (aberto && !usado) setUsado(true);
  const [entrega, setEntrega] = useState(false);
  const comEndereco = useEnderecoEscolhido() !== null;
  return (
    <Box>
      <Group gap="md">
        <Title order={2} fz="md">
          <UnstyledButton
            onClick={toggle}
            aria-expanded={aberto}
            aria-controls={painelId}
            py={6}
            fw={600}
            c="var(--mantine-primary-color-filled)"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            {MSG.maisInformacoes}
            <IconChevronDown
              size={18}
              aria-hidden
              style={{ transform: aberto ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          </UnstyledButton>
        </Title>
        {!entrega && !comEndereco && (
          <UnstyledButton onClick={() => setEntrega(true)} py={6} fz="sm" td="underline">
            Calcular entrega
          </UnstyledButton>
        )}
      </Group>
      {(entrega || comEndereco) && (
        <Suspense fallback={null}>
          <EntregaCalculo detalhe={detalhe} focar={entrega} />
        </Suspense>
      )}
      {(usado || aberto) && (
        <Suspense fallback={null}>
          <MaisInformacoesPainel
            detalhe={detalhe}
            formasPgto={formasPgto}
            formasPgtoErro={formasPgtoErro}
            aberto={aberto}
            painelId={painelId}
          />
        </Suspense>
      )}
    </Box>
  );
});
