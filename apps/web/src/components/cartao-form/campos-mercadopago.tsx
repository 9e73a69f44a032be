import { Group, Input, Loader, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { TipoCampoSeguro } from '../../api/mercadopago-sdk.ts';
import { BadgeBandeira, descricaoBandeira } from './bandeira.tsx';
import classes from './cartao-form.module.css';
import type { CamposMercadoPagoApi } from './use-campos-mercadopago.ts';

/** One Secure Field: our label, description and error around Mercado Pago's frame. */
function CampoSeguroCaixa({
  campos,
  tipo,
  label,
  description,
  badge,
}: {
  campos: CamposMercadoPagoApi;
  tipo: TipoCampoSeguro;
  label: string;
  description?: ReactNode;
  badge?: ReactNode;
}) {
  const id = campos.ids[tipo];
  const erro = campos.erros[tipo];
  return (
    <Input.Wrapper
      label={label}
      withAsterisk
      description={description}
      error={erro}
      labelElement="div"
      id={`${id}-wrapper`}
      // The label is not a <label for> (a frame is not labelable): a click focuses the frame.
      labelProps={{ onClick: () => campos.focar(tipo) }}
    >
      <div className={classes.seguroLinha}>
        <div
          id={id}
          className={classes.seguro}
          data-focado={campos.focado === tipo || undefined}
          data-erro={erro ? true : undefined}
        />
        {badge}
      </div>
    </Input.Wrapper>
  );
}

/** Mounts `tipos` once the SDK is ready (and again after `limpar`); unmounts when left. */
function useMontados(campos: CamposMercadoPagoApi, tipos: readonly TipoCampoSeguro[]) {
  const { montar, estado, geracao } = campos;
  const chave = tipos.join(',');
  useEffect(() => {
    if (estado !== 'pronto') return;
    return montar(chave.split(',') as TipoCampoSeguro[]);
  }, [montar, estado, geracao, chave]);
}

function Carregando({ campos }: { campos: CamposMercadoPagoApi }) {
  if (campos.estado === 'pronto') return null;
  return campos.estado === 'erro' ? (
    <Text size="sm" c="red.8" role="alert">
      Não foi possível carregar o formulário seguro do Mercado Pago. Recarregue a página.
    </Text>
  ) : (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Text size="sm">Carregando o formulário seguro do cartão…</Text>
    </Group>
  );
}

/**
 * The card's number, expiry and CVV in Mercado Pago's Secure Fields (issue 23): each an iframe of
 * Mercado Pago's, with our label and the spec's messages from its validity events. The holder and
 * CPF/CNPJ stay our inputs (CartaoForm).
 */
export function CamposMercadoPago({
  campos,
  aceitas,
}: {
  campos: CamposMercadoPagoApi;
  /** 'Visa, Mastercard, …' for the number's description. */
  aceitas: string;
}) {
  useMontados(campos, ['cardNumber', 'expirationDate', 'securityCode']);
  const { bandeira } = campos;
  return (
    <>
      <Carregando campos={campos} />
      <CampoSeguroCaixa
        campos={campos}
        tipo="cardNumber"
        label="Número do cartão"
        description={descricaoBandeira(bandeira, aceitas)}
        badge={bandeira ? <BadgeBandeira bandeira={bandeira} /> : undefined}
      />
      <div className={classes.linhaDupla}>
        <CampoSeguroCaixa campos={campos} tipo="expirationDate" label="Validade" />
        <CampoSeguroCaixa campos={campos} tipo="securityCode" label="CVV" />
      </div>
      <Text size="xs" c="dimmed" mt={-6}>
        Validade (mês/ano) e código de segurança (CVV) impressos no cartão. Número, validade e CVV são
        digitados nos campos seguros do Mercado Pago.
      </Text>
    </>
  );
}

/** A saved Mercado Pago card's CVV, in its Secure Field (the token is made with the card's id). */
export function CvvMercadoPago({ campos }: { campos: CamposMercadoPagoApi }) {
  useMontados(campos, ['securityCode']);
  return (
    <>
      <Carregando campos={campos} />
      <div className={classes.cvvSalvo}>
        <CampoSeguroCaixa
          campos={campos}
          tipo="securityCode"
          label="CVV do cartão salvo"
          description="Código de segurança impresso no cartão."
        />
      </div>
    </>
  );
}
