import { BANDEIRAS_DEBITO, detectarBandeira, MSG_CARTAO, type BandeiraCartao } from '@rango/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  mercadoPago,
  RecusaMercadoPago,
  tokenizarCamposSeguros,
  type CampoSeguro,
  type MercadoPagoSdk,
  type TipoCampoSeguro,
  type TokenMercadoPago,
  type ValidadeCampo,
} from '../../api/mercadopago-sdk.ts';

/** Where Mercado Pago's SDK is and with what it tokenises (GET /controle/cartao/tokenizacao/). */
export interface ContaMercadoPago {
  scriptUrl: string;
  publicKey: string;
}

/** The fields in screen order: the first invalid one takes the focus. */
export const CAMPOS_SEGUROS: readonly TipoCampoSeguro[] = ['cardNumber', 'expirationDate', 'securityCode'];

/** What the page knows of a field: only what its events said (never its value). */
interface EstadoCampo {
  /** The last `validityChange`'s messages (none: valid); null before any. */
  erros: readonly { message?: string; cause?: string }[] | null;
  /** Left once, or judged by `validar`: its error shows. */
  tocado: boolean;
  /** An error set from outside (Mercado Pago refused the token on this field). */
  recusa: string | null;
}

const VAZIO: EstadoCampo = { erros: null, tocado: false, recusa: null };

/**
 * A field's error in the spec's words (section 5), from its validity event: the number 14 to 16
 * digits, then Luhn, then the brand the `binChange` gave (debit: Mastercard or Visa only; Discover
 * in the profile only); the expiry's month, year or past; the CVV 3 or 4 digits. Never-typed
 * fields have no event yet: the same messages as empty ones.
 */
export function mensagemCampoSeguro(
  tipo: TipoCampoSeguro,
  e: Pick<EstadoCampo, 'erros'>,
  bandeira: BandeiraCartao | null,
  regras: { debito: boolean; perfil: boolean },
): string | null {
  const erros = e.erros;
  switch (tipo) {
    case 'cardNumber': {
      if (erros === null) return MSG_CARTAO.numeroTamanho;
      if (erros.length > 0) {
        return erros.some((x) => x.cause === 'invalid_value')
          ? MSG_CARTAO.numeroInvalido
          : MSG_CARTAO.numeroTamanho;
      }
      if (bandeira === null) return MSG_CARTAO.bandeiraNaoReconhecida;
      if (regras.debito && !BANDEIRAS_DEBITO.includes(bandeira)) return MSG_CARTAO.debitoSomenteMasterVisa;
      if (bandeira === 'Discover' && !regras.perfil) return MSG_CARTAO.bandeiraNaoAceita;
      return null;
    }
    case 'expirationDate': {
      if (erros === null) return MSG_CARTAO.mesObrigatorio;
      if (erros.length === 0) return null;
      const m = erros.map((x) => x.message ?? '').join(' ');
      if (/greater/i.test(m)) return MSG_CARTAO.cartaoVencido;
      if (/expirationYear/.test(m)) return MSG_CARTAO.anoObrigatorio;
      if (/expirationMonth/.test(m)) return MSG_CARTAO.mesObrigatorio;
      return MSG_CARTAO.expiracaoInvalida;
    }
    case 'securityCode':
      return erros === null || erros.length > 0 ? MSG_CARTAO.cvvInvalido : null;
  }
}

export interface CamposMercadoPagoApi {
  /** The SDK's state: its fields show once 'pronto'. */
  estado: 'carregando' | 'pronto' | 'erro';
  /** Each field's container id (ours: the SDK mounts its iframe in it). */
  ids: Readonly<Record<TipoCampoSeguro, string>>;
  /** Each shown error (left or judged fields only). */
  erros: Partial<Record<TipoCampoSeguro, string>>;
  /** The brand from the number's `binChange`. */
  bandeira: BandeiraCartao | null;
  /** The field whose frame has the focus (its container shows it). */
  focado: TipoCampoSeguro | null;
  /** Changes when the fields are made anew (`limpar`): the form's containers take it as a key. */
  geracao: number;
  /** The component's: mounts these fields in their containers; answers the unmount. */
  montar(tipos: readonly TipoCampoSeguro[]): () => void;
  /** Judges `tipos`, shows their errors and answers the first invalid one (or null). */
  validar(tipos: readonly TipoCampoSeguro[]): TipoCampoSeguro | null;
  /** Moves the focus into a field's frame. */
  focar(tipo: TipoCampoSeguro): void;
  /** Mercado Pago refused the card on this field: its error until it changes. */
  recusar(tipo: TipoCampoSeguro, mensagem: string): void;
  /** A token of what the mounted fields hold. Throws RecusaMercadoPago. */
  tokenizar(
    dados: { titular: string; cnpjoucpf: string } | { cardId: string },
    signal?: AbortSignal,
  ): Promise<TokenMercadoPago>;
  /** Forgets what was typed: the fields are made again, empty. */
  limpar(): void;
}

const ROTULOS: Record<TipoCampoSeguro, string> = {
  cardNumber: 'Número do cartão',
  expirationDate: 'Validade (MM/AA)',
  securityCode: 'CVV',
};
const PLACEHOLDERS: Record<TipoCampoSeguro, string> = {
  cardNumber: '0000 0000 0000 0000',
  expirationDate: 'MM/AA',
  securityCode: '123',
};

/**
 * Mercado Pago's Secure Fields for the card form (issue 23): loads the SDK with the account's
 * public key, creates and mounts its frames for number, expiry and CVV, and keeps what their
 * events say — validity, brand, focus — as the errors and brand the form shows. The values stay
 * in Mercado Pago's frames. `conta` null: nothing is loaded.
 */
export function useCamposMercadoPago(
  conta: ContaMercadoPago | null,
  regras: { debito: boolean; perfil: boolean },
): CamposMercadoPagoApi {
  const [mp, setMp] = useState<MercadoPagoSdk | null>(null);
  const [falhou, setFalhou] = useState(false);
  const [estados, setEstados] = useState<Record<TipoCampoSeguro, EstadoCampo>>({
    cardNumber: VAZIO,
    expirationDate: VAZIO,
    securityCode: VAZIO,
  });
  const [bandeira, setBandeira] = useState<BandeiraCartao | null>(null);
  const [focado, setFocado] = useState<TipoCampoSeguro | null>(null);
  const [geracao, setGeracao] = useState(0);
  const campos = useRef<Partial<Record<TipoCampoSeguro, CampoSeguro>>>({});

  const scriptUrl = conta?.scriptUrl;
  const publicKey = conta?.publicKey;
  useEffect(() => {
    if (!scriptUrl || !publicKey) return;
    let vivo = true;
    setFalhou(false);
    mercadoPago(scriptUrl, publicKey).then(
      (m) => vivo && setMp(m),
      () => vivo && setFalhou(true),
    );
    return () => {
      vivo = false;
    };
  }, [scriptUrl, publicKey]);

  const base = useId();
  const ids = useMemo(
    () => ({
      cardNumber: `${base}-mp-numero`,
      expirationDate: `${base}-mp-validade`,
      securityCode: `${base}-mp-cvv`,
    }),
    [base],
  );

  const mudar = useCallback((tipo: TipoCampoSeguro, parte: Partial<EstadoCampo>) => {
    setEstados((s) => ({ ...s, [tipo]: { ...s[tipo], ...parte } }));
  }, []);

  const montar = useCallback(
    (tipos: readonly TipoCampoSeguro[]) => {
      if (!mp) return () => undefined;
      const criados: CampoSeguro[] = [];
      for (const tipo of tipos) {
        const campo = mp.fields.create(tipo, {
          placeholder: PLACEHOLDERS[tipo],
          srLabel: ROTULOS[tipo],
          ariaRequired: true,
          style: { fontSize: '14px', color: '#000000', placeholderColor: '#6b6b6b' },
        });
        campo
          .on('validityChange', (v: ValidadeCampo) =>
            mudar(tipo, { erros: Array.isArray(v.errorMessages) ? v.errorMessages : [], recusa: null }),
          )
          .on('blur', () => {
            setFocado((f) => (f === tipo ? null : f));
            mudar(tipo, { tocado: true });
          })
          .on('focus', () => setFocado(tipo))
          .on('ready', () => {
            // Every frame has a title (axe: frame-title), whatever the SDK set.
            const f = document.getElementById(ids[tipo])?.querySelector('iframe');
            if (f && !f.title) f.title = ROTULOS[tipo];
          });
        if (tipo === 'cardNumber') {
          campo.on('binChange', (b) => {
            const bin = typeof b.bin === 'string' && /^\d{6,8}$/.test(b.bin) ? b.bin : null;
            setBandeira(bin === null ? null : detectarBandeira(bin));
          });
        }
        campo.mount(ids[tipo]);
        campos.current[tipo] = campo;
        criados.push(campo);
      }
      return () => {
        for (const tipo of tipos) {
          const c = campos.current[tipo];
          if (c && criados.includes(c)) {
            c.unmount();
            delete campos.current[tipo];
          }
        }
        setEstados((s) => {
          const n = { ...s };
          for (const tipo of tipos) n[tipo] = VAZIO;
          return n;
        });
        if (tipos.includes('cardNumber')) setBandeira(null);
        setFocado(null);
      };
    },
    [mp, ids, mudar],
  );

  const erroDe = useCallback(
    (tipo: TipoCampoSeguro, s: Record<TipoCampoSeguro, EstadoCampo>) =>
      s[tipo].recusa ?? mensagemCampoSeguro(tipo, s[tipo], bandeira, regras),
    [bandeira, regras],
  );

  const erros: Partial<Record<TipoCampoSeguro, string>> = {};
  for (const tipo of CAMPOS_SEGUROS) {
    if (!estados[tipo].tocado && estados[tipo].recusa === null) continue;
    const e = erroDe(tipo, estados);
    if (e !== null) erros[tipo] = e;
  }

  // aria-invalid inside each frame follows the error shown (fields.md: `update({invalid})`).
  const invalidos = CAMPOS_SEGUROS.map((t) => (erros[t] ? '1' : '0')).join('');
  useEffect(() => {
    CAMPOS_SEGUROS.forEach((t, i) => campos.current[t]?.update({ invalid: invalidos[i] === '1' }));
  }, [invalidos]);

  // Amex has a 4-digit CVV; the others 3 (fields.md: securityCode `settings.length`).
  useEffect(() => {
    if (bandeira === null) return;
    campos.current.securityCode?.update({
      settings: { mode: 'mandatory', length: bandeira === 'Amex' ? 4 : 3 },
    });
  }, [bandeira]);

  const focar = useCallback(
    (tipo: TipoCampoSeguro) => {
      const f = document.getElementById(ids[tipo])?.querySelector('iframe');
      f?.focus();
    },
    [ids],
  );

  const validar = useCallback(
    (tipos: readonly TipoCampoSeguro[]) => {
      setEstados((s) => {
        const n = { ...s };
        for (const tipo of tipos) n[tipo] = { ...s[tipo], tocado: true };
        return n;
      });
      return tipos.find((t) => erroDe(t, estados) !== null) ?? null;
    },
    [erroDe, estados],
  );

  const recusar = useCallback(
    (tipo: TipoCampoSeguro, mensagem: string) => mudar(tipo, { recusa: mensagem, tocado: true }),
    [mudar],
  );

  const tokenizar = useCallback(
    async (dados: { titular: string; cnpjoucpf: string } | { cardId: string }, signal?: AbortSignal) => {
      if (!mp) throw new RecusaMercadoPago([]);
      return tokenizarCamposSeguros(mp, dados, signal);
    },
    [mp],
  );

  const limpar = useCallback(() => setGeracao((g) => g + 1), []);

  return {
    estado: falhou ? 'erro' : mp ? 'pronto' : 'carregando',
    ids,
    erros,
    bandeira,
    focado,
    geracao,
    montar,
    validar,
    focar,
    recusar,
    tokenizar,
    limpar,
  };
}
