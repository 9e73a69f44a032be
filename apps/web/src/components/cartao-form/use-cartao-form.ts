import {
  detectarBandeira,
  formatarExpiracao,
  somenteDigitos,
  validarCampoCartao,
  validarCartao,
  type BandeiraCartao,
  type CartaoFormValues,
} from '@rango/domain';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { CAMPOS_SEGUROS, type CamposMercadoPagoApi } from './use-campos-mercadopago.ts';

/** The form's state: the card's fields and, at checkout, 'Salvar cartão'. */
export interface CartaoFormState extends CartaoFormValues {
  salvar: boolean;
}

/** A card typed in our inputs that passed every rule, ready to tokenise (number and CVV: digits only). */
export interface CartaoDigitado {
  seguro?: undefined;
  numero: string;
  cvv: string;
  bandeira: BandeiraCartao;
  titular: string;
  /** Digits only. */
  cnpjoucpf: string;
  /** MM/YYYY */
  expiracao: string;
  salvar: boolean;
}

/**
 * A card whose number, expiry and CVV are in Mercado Pago's Secure Fields (issue 23): the page has
 * only their brand (from the BIN) and our holder and CPF/CNPJ.
 */
export interface CartaoSeguro {
  seguro: true;
  bandeira: BandeiraCartao;
  titular: string;
  /** Digits only. */
  cnpjoucpf: string;
  salvar: boolean;
}

export type CartaoDados = CartaoDigitado | CartaoSeguro;

export interface UseCartaoFormOptions {
  /** Debit: only Mastercard and Visa (spec section 5). */
  debito?: boolean;
  /** The profile: Discover is accepted there only. */
  perfil?: boolean;
  /** Starting holder, CPF/CNPJ (e.g. the customer's) and 'Salvar cartão'. */
  inicial?: Partial<Pick<CartaoFormState, 'titular' | 'cnpjoucpf' | 'salvar'>>;
  /**
   * Mercado Pago's Secure Fields (the checkout at an establishment whose account is Mercado
   * Pago): number, expiry and CVV are typed there, not in our inputs.
   */
  seguro?: CamposMercadoPagoApi | null;
}

export type CartaoCampo = keyof CartaoFormValues;

/** The fields in screen order: the first invalid one takes the focus. */
export const CARTAO_CAMPOS: readonly CartaoCampo[] = ['numero', 'mes', 'ano', 'cvv', 'titular', 'cnpjoucpf'];

export interface CartaoFormApi {
  form: UseFormReturnType<CartaoFormState>;
  /** Each field's element id (for labels, and the focus on a failed `validar`). */
  ids: Readonly<Record<CartaoCampo | 'salvar', string>>;
  /** The brand derived from the number typed so far. */
  bandeira: BandeiraCartao | null;
  debito: boolean;
  perfil: boolean;
  /** The Secure Fields in use, or null (our own inputs). */
  seguro: CamposMercadoPagoApi | null;
  /**
   * Checks every field, shows the errors and focuses the first invalid field: the card's data,
   * or null. The checkout calls it on 'Finalizar'. With Secure Fields: a CartaoSeguro.
   */
  validar(): CartaoDados | null;
  /** Forgets the number and the CVV (after the card was sent, or when the form is left). */
  limpar(): void;
}

/**
 * The card form's state (spec section 5), kept in this component's React state only: the number
 * and CVV never go to storage, the cart or the query cache. Render it with `<CartaoForm>`.
 */
export function useCartaoForm({
  debito = false,
  perfil = false,
  inicial = {},
  seguro = null,
}: UseCartaoFormOptions = {}): CartaoFormApi {
  // The rules as of the last render: the form's validation reads them when it runs, so switching
  // between credit and debit applies at once without rebuilding the form.
  const regras = useRef({ debito, perfil });
  const form = useForm<CartaoFormState>({
    mode: 'controlled',
    initialValues: {
      numero: '',
      mes: '',
      ano: '',
      titular: inicial.titular ?? '',
      cnpjoucpf: inicial.cnpjoucpf ?? '',
      cvv: '',
      salvar: inicial.salvar ?? false,
    },
    validate: (values) => validarCartao(values, regras.current),
    validateInputOnBlur: true,
  });

  const { isTouched, validateField } = form;
  useEffect(() => {
    regras.current = { debito, perfil };
    // The number may be fine for credit and not for debit: judge it again if it was touched.
    if (isTouched('numero')) validateField('numero');
    // Only a change of rules re-judges; the form's functions change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debito, perfil]);

  const base = useId();
  const ids = useMemo(
    () => ({
      numero: `${base}-numero`,
      mes: `${base}-mes`,
      ano: `${base}-ano`,
      cvv: `${base}-cvv`,
      titular: `${base}-titular`,
      cnpjoucpf: `${base}-cnpjoucpf`,
      salvar: `${base}-salvar`,
    }),
    [base],
  );

  const validar = useCallback((): CartaoDados | null => {
    const values = form.getValues();
    if (seguro) {
      // Number, expiry and CVV by their fields' events; holder and CPF/CNPJ here.
      const erros: Partial<Record<'titular' | 'cnpjoucpf', string>> = {};
      for (const c of ['titular', 'cnpjoucpf'] as const) {
        const e = validarCampoCartao(c, values, { debito, perfil });
        if (e !== null) erros[c] = e;
      }
      form.setErrors(erros);
      form.setTouched({ titular: true, cnpjoucpf: true });
      const primeiroSeguro = seguro.validar(CAMPOS_SEGUROS);
      if (primeiroSeguro !== null) {
        seguro.focar(primeiroSeguro);
        return null;
      }
      const primeiro = (['titular', 'cnpjoucpf'] as const).find((c) => erros[c] !== undefined);
      if (primeiro !== undefined || seguro.bandeira === null) {
        document.getElementById(ids[primeiro ?? 'titular'])?.focus();
        return null;
      }
      return {
        seguro: true,
        bandeira: seguro.bandeira,
        titular: values.titular.trim(),
        cnpjoucpf: somenteDigitos(values.cnpjoucpf),
        salvar: values.salvar,
      };
    }
    const erros = validarCartao(values, { debito, perfil });
    form.setErrors(erros);
    form.setTouched(Object.fromEntries(CARTAO_CAMPOS.map((c) => [c, true])));
    const primeiro = CARTAO_CAMPOS.find((c) => erros[c] !== undefined);
    const bandeira = detectarBandeira(values.numero);
    if (primeiro !== undefined || bandeira === null) {
      document.getElementById(ids[primeiro ?? 'numero'])?.focus();
      return null;
    }
    return {
      numero: somenteDigitos(values.numero),
      cvv: values.cvv,
      bandeira,
      titular: values.titular.trim(),
      cnpjoucpf: somenteDigitos(values.cnpjoucpf),
      expiracao: formatarExpiracao(values.mes, values.ano),
      salvar: values.salvar,
    };
  }, [form, debito, perfil, ids, seguro]);

  const limpar = useCallback(() => {
    seguro?.limpar();
    form.setValues({ numero: '', cvv: '' });
    form.clearFieldError('numero');
    form.clearFieldError('cvv');
  }, [form, seguro]);

  return {
    form,
    ids,
    bandeira: seguro ? seguro.bandeira : detectarBandeira(form.values.numero),
    debito,
    perfil,
    seguro,
    validar,
    limpar,
  };
}
