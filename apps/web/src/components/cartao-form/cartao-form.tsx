import '../overlay-styles.ts';
import {
  MESES,
  NOME_BANDEIRA,
  anosValidade,
  bandeirasAceitas,
  formatarCnpjOuCpf,
  formatarNumeroCartao,
  somenteDigitos,
} from '@rango/domain';
import { Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { BadgeBandeira, descricaoBandeira } from './bandeira.tsx';
import { CamposMercadoPago } from './campos-mercadopago.tsx';
import classes from './cartao-form.module.css';
import type { CartaoFormApi } from './use-cartao-form.ts';

export interface CartaoFormProps {
  /** The state from `useCartaoForm` (its options decide debit and profile rules). */
  cartao: CartaoFormApi;
  /** Checkout: offer 'Salvar cartão'. */
  mostrarSalvar?: boolean;
  /** While the card is being sent. */
  disabled?: boolean;
}

/**
 * The card's fields (spec section 5): number with its derived brand, expiry month and year
 * (this year and the next 19), CVV, holder and holder's CPF/CNPJ, and optionally 'Salvar
 * cartão'. With Mercado Pago (`cartao.seguro`), number, expiry and CVV are its Secure Fields
 * (CamposMercadoPago) and the rest stays ours. No <form> of its own: the profile wraps it in one, the checkout puts it inside its
 * order form. Each field is judged when left (errors are alerts), and all on `cartao.validar()`.
 */
export function CartaoForm({ cartao, mostrarSalvar = false, disabled = false }: CartaoFormProps) {
  const { form, ids, bandeira } = cartao;
  const anos = useMemo(() => anosValidade().map(String), []);
  const aceitas = bandeirasAceitas({ debito: cartao.debito, perfil: cartao.perfil })
    .map((b) => NOME_BANDEIRA[b])
    .join(', ');

  /** A select's change: judged at once once touched (a select is left without typing). */
  const escolher = (campo: 'mes' | 'ano', valor: string) => {
    form.setFieldValue(campo, valor);
    if (form.isTouched(campo)) form.validateField(campo);
    // The month's 'Cartão vencido.' depends on the year.
    if (campo === 'ano' && form.isTouched('mes')) form.validateField('mes');
  };

  return (
    <Stack gap="sm">
      {cartao.seguro ? (
        <CamposMercadoPago campos={cartao.seguro} aceitas={aceitas} />
      ) : (
        <>
          <TextInput
            id={ids.numero}
            label="Número do cartão"
            withAsterisk
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={19}
            disabled={disabled}
            description={descricaoBandeira(bandeira, aceitas)}
            rightSectionWidth={bandeira ? 96 : undefined}
            rightSectionPointerEvents="none"
            rightSection={bandeira ? <BadgeBandeira bandeira={bandeira} /> : undefined}
            {...form.getInputProps('numero')}
            onChange={(e) => form.setFieldValue('numero', formatarNumeroCartao(e.currentTarget.value))}
          />
          <div className={classes.linha}>
            <NativeSelect
              id={ids.mes}
              label="Mês"
              withAsterisk
              autoComplete="cc-exp-month"
              disabled={disabled}
              data={[{ value: '', label: 'MM' }, ...MESES.map((m) => ({ value: m, label: m }))]}
              {...form.getInputProps('mes')}
              onChange={(e) => escolher('mes', e.currentTarget.value)}
            />
            <NativeSelect
              id={ids.ano}
              label="Ano"
              withAsterisk
              autoComplete="cc-exp-year"
              disabled={disabled}
              data={[{ value: '', label: 'AAAA' }, ...anos.map((a) => ({ value: a, label: a }))]}
              {...form.getInputProps('ano')}
              onChange={(e) => escolher('ano', e.currentTarget.value)}
            />
            <TextInput
              id={ids.cvv}
              label="CVV"
              withAsterisk
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              disabled={disabled}
              {...form.getInputProps('cvv')}
              onChange={(e) => form.setFieldValue('cvv', somenteDigitos(e.currentTarget.value).slice(0, 4))}
            />
          </div>
          <Text size="xs" c="dimmed" mt={-6}>
            Validade (mês e ano) e código de segurança (CVV) impressos no cartão.
          </Text>
        </>
      )}
      <TextInput
        id={ids.titular}
        label="Nome do titular"
        withAsterisk
        autoComplete="cc-name"
        autoCapitalize="characters"
        placeholder="Como está no cartão"
        maxLength={100}
        disabled={disabled}
        {...form.getInputProps('titular')}
      />
      <TextInput
        id={ids.cnpjoucpf}
        label="CPF ou CNPJ do titular"
        withAsterisk
        inputMode="numeric"
        autoComplete="off"
        placeholder="000.000.000-00"
        maxLength={18}
        disabled={disabled}
        {...form.getInputProps('cnpjoucpf')}
        onChange={(e) => form.setFieldValue('cnpjoucpf', formatarCnpjOuCpf(e.currentTarget.value))}
      />
      {mostrarSalvar && (
        <Group>
          <Checkbox
            id={ids.salvar}
            label="Salvar cartão"
            description="Para pagar os próximos pedidos sem digitar o cartão de novo."
            disabled={disabled}
            {...form.getInputProps('salvar', { type: 'checkbox' })}
          />
        </Group>
      )}
    </Stack>
  );
}
