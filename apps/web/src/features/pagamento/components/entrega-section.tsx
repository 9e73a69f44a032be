import { Alert, Button, Group, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  formatBRL,
  LOCAIS_ENTREGA_ONLINE,
  LOCAL_ENTREGA_PADRAO,
  MSG_PEDIDO,
  type EnderecoEstabelecimento,
  type EnderecoLocal,
} from '@rango/domain';
import { IconMapPin } from '@tabler/icons-react';
import { openEnderecoSelector } from '../../../stores/endereco-selector.ts';
import type { PagamentoValues } from '../lib/validar.ts';

/** What the page knows of the delivery fee for the chosen address. */
export type EstadoTaxa =
  | { estado: 'carregando' }
  | { estado: 'erro'; tentarDeNovo: () => void }
  | { estado: 'definida'; taxaCents: number; gratis: boolean }
  | { estado: 'nenhum' };

interface EntregaSectionProps {
  form: UseFormReturnType<PagamentoValues>;
  /** The chosen saved address (with its server id), or null. */
  endereco: EnderecoLocal | null;
  taxa: EstadoTaxa;
  enderecoEstabelecimento: EnderecoEstabelecimento;
}

/** The failure alert of the fee (focusable). */
export const ID_TAXA = 'pg-taxa';
/** The fee's state in words ('Calculando…' or the failure), which describes the address button. */
const ID_TAXA_TEXTO = 'pg-taxa-texto';

function linhasEndereco(e: EnderecoLocal): string[] {
  return [
    `${e.rua}, ${e.numero}${e.complemento ? ` – ${e.complemento}` : ''}`,
    `${e.bairro}, ${e.cidade} – ${e.uf}`,
    ...(e.detalhe ? [`Referência: ${e.detalhe}`] : []),
  ];
}

/**
 * 'Tipo de entrega' (spec sections 2, 5): delivery to the chosen address, with its fee and the
 * drop-off place, or pickup ('Receber no estabelecimento.').
 */
export function EntregaSection({ form, endereco, taxa, enderecoEstabelecimento: loja }: EntregaSectionProps) {
  const { tipo, aba } = form.values;
  const erroEndereco = form.errors.endereco;
  // While the fee is on the way or failed, the address button (where 'Finalizar' sends the focus
  // then) is described by that state too.
  const taxaEmAberto = endereco !== null && (taxa.estado === 'carregando' || taxa.estado === 'erro');
  const descricaoEndereco =
    [erroEndereco ? 'pg-endereco-erro' : null, taxaEmAberto ? ID_TAXA_TEXTO : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="entrega-titulo">
      <Title order={2} size="h4" id="entrega-titulo">
        Entrega
      </Title>
      <Radio.Group
        id="pg-tipo"
        label={MSG_PEDIDO.tipoEntrega}
        withAsterisk
        value={tipo}
        error={form.errors.tipo}
        onChange={(v) => {
          form.setFieldValue('tipo', v as PagamentoValues['tipo']);
          form.clearFieldError('tipo');
          form.clearFieldError('endereco');
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="DELIVERY" label="Entregar no meu endereço" />
          <Radio value="TOGO" label={MSG_PEDIDO.receberNoEstabelecimento} />
        </Stack>
      </Radio.Group>

      {tipo === 'DELIVERY' && (
        <Stack gap="sm">
          <Paper withBorder radius="md" p="sm">
            {/* The button wraps below the address on a phone instead of squeezing it. */}
            <Group justify="space-between" align="flex-start" gap="sm">
              <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: '1 1 14rem', minWidth: 0 }}>
                <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                {endereco ? (
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      Entregar em
                    </Text>
                    {linhasEndereco(endereco).map((l) => (
                      <Text key={l} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {l}
                      </Text>
                    ))}
                  </div>
                ) : (
                  <Text size="sm">Nenhum endereço de entrega escolhido.</Text>
                )}
              </Group>
              <Button
                id="pg-endereco"
                variant={endereco ? 'default' : 'filled'}
                size="compact-md"
                onClick={openEnderecoSelector}
                aria-describedby={descricaoEndereco}
              >
                {endereco ? 'Alterar endereço' : 'Escolher endereço'}
              </Button>
            </Group>
            {erroEndereco && (
              <Text id="pg-endereco-erro" size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">
                {erroEndereco}
              </Text>
            )}
          </Paper>
          {endereco && taxa.estado === 'carregando' && (
            <Text id={ID_TAXA_TEXTO} size="sm" c="dimmed" aria-live="polite">
              {MSG_PEDIDO.taxaCalculando}
            </Text>
          )}
          {endereco && taxa.estado === 'erro' && (
            // Focusable from the page: 'Finalizar' brings the focus here while the fee failed.
            <Alert id={ID_TAXA} tabIndex={-1} variant="light" color="red" p="xs">
              <Group justify="space-between" gap="xs">
                <Text id={ID_TAXA_TEXTO} size="sm">
                  {MSG_PEDIDO.taxaNaoCalculada}
                </Text>
                <Button size="compact-sm" variant="default" onClick={taxa.tentarDeNovo}>
                  Tentar novamente
                </Button>
              </Group>
            </Alert>
          )}
          {endereco && taxa.estado === 'definida' && (
            <Text size="sm">
              {MSG_PEDIDO.taxaEntregaTitulo}:{' '}
              <strong>{taxa.gratis ? 'Grátis' : formatBRL(taxa.taxaCents)}</strong>
            </Text>
          )}
          <NativeSelect
            id="pg-localEntrega"
            label="Local de entrega"
            withAsterisk
            // The other places come only with online payment (spec section 9).
            data={
              aba === 'online' ? [LOCAL_ENTREGA_PADRAO, ...LOCAIS_ENTREGA_ONLINE] : [LOCAL_ENTREGA_PADRAO]
            }
            description={aba === 'online' ? undefined : MSG_PEDIDO.locaisSoComOnline}
            {...form.getInputProps('localEntrega')}
          />
        </Stack>
      )}

      {tipo === 'TOGO' && (
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" fw={600}>
            Retirar em
          </Text>
          <Text size="sm">
            {`${loja.rua}, ${loja.numero}${loja.complemento ? ` – ${loja.complemento}` : ''}`}
          </Text>
          <Text size="sm">{`${loja.bairro}, ${loja.cidade.descricao} – ${loja.cidade.uf.sigla}`}</Text>
        </Paper>
      )}
    </Stack>
  );
}
