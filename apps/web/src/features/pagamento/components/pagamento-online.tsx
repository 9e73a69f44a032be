import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  isBandeira,
  MSG_CARTAO,
  MSG_PEDIDO,
  NOME_BANDEIRA,
  TIPO_PGTO,
  type CartaoSalvo,
  type FormaPgto,
} from '@rango/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { CvvMercadoPago } from '../../../components/cartao-form/campos-mercadopago.tsx';
import { CartaoForm } from '../../../components/cartao-form/cartao-form.tsx';
import type { CamposMercadoPagoApi } from '../../../components/cartao-form/use-campos-mercadopago.ts';
import type { CartaoFormApi } from '../../../components/cartao-form/use-cartao-form.ts';
import { formaOnlineEscolhida, NOVO_CARTAO, pedeCartaoNovo, type PagamentoValues } from '../lib/validar.ts';

/** The saved cards (credit), as the page's query has them. */
export type EstadoCartoes =
  | { estado: 'carregando' }
  | { estado: 'erro'; tentarDeNovo: () => void }
  | { estado: 'ok'; lista: readonly CartaoSalvo[] };

interface PagamentoOnlineProps {
  form: UseFormReturnType<PagamentoValues>;
  /** The establishment's online methods (credit, debit, PIX). */
  formas: readonly FormaPgto[];
  cartao: CartaoFormApi;
  cartoes: EstadoCartoes;
  /** What is going on after 'Finalizar' (tokenising, authenticating), or null. */
  progresso: string | null;
  /** A saved card asks its CVV in this Secure Field (Mercado Pago), or null. */
  cvvSalvo?: CamposMercadoPagoApi | null;
  /** How the account tokenises is still being asked: the card form waits. */
  tokenizacaoCarregando?: boolean;
}

/** Saved cards to choose from, or still on the way. */
export const temCartoesSalvos = (c: EstadoCartoes): boolean =>
  c.estado === 'carregando' || (c.estado === 'ok' && c.lista.length > 0);

const nomeBandeira = (b: string) => (isBandeira(b) ? NOME_BANDEIRA[b] : b);

/**
 * 'Pagar online' (spec section 2; issue 5): the establishment's online methods. Credit pays with a
 * saved card or a new one (which may be saved), debit with a new Mastercard or Visa authenticated
 * by the bank (3-D Secure) on 'Finalizar', PIX shows its QR code on the order's page.
 */
export function PagamentoOnline({
  form,
  formas,
  cartao,
  cartoes,
  progresso,
  cvvSalvo = null,
  tokenizacaoCarregando = false,
}: PagamentoOnlineProps) {
  const { values, errors } = form;
  const forma = formaOnlineEscolhida(values, formas);
  const tipo = forma?.sttipopgto;
  const ocupado = progresso !== null;
  const salvos = cartoes.estado === 'ok' ? cartoes.lista : [];
  const cartaoNovo = pedeCartaoNovo(values, forma, temCartoesSalvos(cartoes));

  if (formas.length === 0) return <Text size="sm">{MSG_PEDIDO.nenhumMeioPagamentoOnline}</Text>;

  return (
    <Stack gap="md">
      <Radio.Group
        id="pg-formaOnline"
        label={MSG_PEDIDO.meioPagamentoOnline}
        withAsterisk
        value={values.formaOnline}
        error={errors.formaOnline}
        onChange={(v) => {
          form.setFieldValue('formaOnline', v);
          form.clearFieldError('formaOnline');
          form.clearFieldError('cartaoSalvo');
        }}
      >
        <Stack gap="xs" mt="xs">
          {formas.map((f) => (
            <Radio key={f.idformapgto} value={String(f.idformapgto)} label={f.descricao} disabled={ocupado} />
          ))}
        </Stack>
      </Radio.Group>

      {tipo === TIPO_PGTO.Credito && cartoes.estado === 'carregando' && (
        <Group gap="xs" id="pg-cartaoSalvo" tabIndex={-1}>
          <Loader size="xs" aria-hidden />
          <Text size="sm">{MSG_PEDIDO.carregandoCartoes}</Text>
        </Group>
      )}
      {tipo === TIPO_PGTO.Credito && cartoes.estado === 'erro' && (
        <Alert variant="light" color="yellow" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{MSG_CARTAO.erroObterCartoes}</Text>
            <Button size="compact-sm" variant="default" onClick={cartoes.tentarDeNovo}>
              {MSG_PEDIDO.tentarNovamente}
            </Button>
          </Group>
        </Alert>
      )}
      {tipo === TIPO_PGTO.Credito && salvos.length > 0 && (
        <Radio.Group
          id="pg-cartaoSalvo"
          label={MSG_PEDIDO.cartoesSalvos}
          withAsterisk
          value={values.cartaoSalvo}
          error={errors.cartaoSalvo}
          onChange={(v) => {
            form.setFieldValue('cartaoSalvo', v);
            form.clearFieldError('cartaoSalvo');
          }}
        >
          <Stack gap="xs" mt="xs">
            {salvos.map((c) => (
              <Radio
                key={c.id}
                value={String(c.id)}
                disabled={ocupado}
                label={`${nomeBandeira(c.bandeira)} ${c.numero}`}
                description={c.titular}
              />
            ))}
            <Radio value={NOVO_CARTAO} label={MSG_PEDIDO.novoCartao} disabled={ocupado} />
          </Stack>
        </Radio.Group>
      )}

      {tipo === TIPO_PGTO.Credito &&
        cvvSalvo &&
        !cartaoNovo &&
        salvos.some((c) => String(c.id) === values.cartaoSalvo) && <CvvMercadoPago campos={cvvSalvo} />}

      {tipo === TIPO_PGTO.Debito && <Text size="sm">{MSG_PEDIDO.debitoExplicacao}</Text>}
      {cartaoNovo && (
        <CartaoForm
          cartao={cartao}
          mostrarSalvar={tipo === TIPO_PGTO.Credito}
          disabled={ocupado || tokenizacaoCarregando}
        />
      )}

      {tipo === TIPO_PGTO.Pix && (
        <Alert variant="light" color="gray" p="sm" icon={<IconInfoCircle aria-hidden />}>
          <Text size="sm">{MSG_PEDIDO.pixExplicacao}</Text>
        </Alert>
      )}

      <Text size="sm" aria-live="polite" c="dimmed">
        {progresso ?? ''}
      </Text>
    </Stack>
  );
}
