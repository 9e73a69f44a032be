import {
  MAX_CARTOES,
  MAX_TITULAR,
  MSG,
  MSG_CARTAO,
  SOP_ERRO,
  detectarBandeira,
  expiracaoVencida,
  mascararCartao,
  somenteDigitos,
  sopErroTexto,
  validarNumeroCartao,
} from '@rango/domain';
import type { CartaoInputValido, CartaoSalvo, Tokenizacao } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CartaoTable } from '../../db/types.ts';
import { HttpError, rotaNaoEncontrada } from '../../http/errors.ts';
import { GatewayIndisponivelError, GatewayValidacaoError } from '../payments/port.ts';
import type { Gateways } from '../payments/contas.ts';
import type { CartaoTokenizado, PaymentGateway } from '../payments/port.ts';
import { cardsRepository as repo } from './repository.ts';

const campo = (nome: string, mensagem: string) => new HttpError(400, { [nome]: [mensagem] });

/** A saved card as answered (spec section 3): the row minus the owner. */
export function presentCartao(row: Selectable<CartaoTable>): CartaoSalvo {
  return {
    id: row.id,
    token: row.token,
    bandeira: row.bandeira,
    numero: row.numero,
    titular: row.titular,
    cnpjoucpf: row.cnpjoucpf,
    datahora: row.datahora,
  };
}

/**
 * Saved cards (issue 5). What is stored is what the gateway says about the card (brand, last 4,
 * holder under its token), never the client's claims; number and CVV reach only the gateway.
 */
export function createCardsService(db: Db, gateways: Gateways) {
  /**
   * The gateway that tokenises for an establishment (issue 23): its active account's, or the
   * environment's (no establishment given: the profile, which saves on the environment's gateway).
   */
  async function gatewayDe(idestabelecimento: number | undefined): Promise<PaymentGateway> {
    if (idestabelecimento === undefined) return gateways.padrao;
    return (await gateways.doEstabelecimento(idestabelecimento)).gateway;
  }

  /** A gateway refusal as field errors in Portuguese (its codes are Cielo's). */
  function recusa(e: GatewayValidacaoError): HttpError {
    const texto = sopErroTexto(e.erros);
    if (e.erros.some((x) => x.Code === SOP_ERRO.expiracaoInvalida.Code)) return campo('expiracao', texto);
    if (e.erros.some((x) => x.Code === SOP_ERRO.numeroInvalido.Code)) return campo('numero', texto);
    return new HttpError(400, { non_field_errors: [texto] });
  }

  async function chamar<T>(log: FastifyBaseLogger, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof GatewayValidacaoError) throw recusa(err);
      if (err instanceof GatewayIndisponivelError) {
        // The adapters never put card data in their messages.
        log.warn({ err }, 'payment gateway unavailable (cards)');
        throw new HttpError(503, { detail: MSG.probleminha });
      }
      throw err;
    }
  }

  /** The compatibility path: the raw number, checked by the domain's rules, tokenised, forgotten. */
  async function porNumero(
    gateway: PaymentGateway,
    v: CartaoInputValido & { numero: string },
    log: FastifyBaseLogger,
  ) {
    const erro = validarNumeroCartao(v.numero, { perfil: true });
    if (erro) throw campo('numero', erro);
    if (expiracaoVencida(v.expiracao)) throw campo('expiracao', MSG_CARTAO.cartaoVencido);
    const digitos = somenteDigitos(v.numero);
    const bandeira = detectarBandeira(digitos);
    if (!bandeira) throw campo('numero', MSG_CARTAO.bandeiraNaoReconhecida);
    return chamar(log, () =>
      gateway.tokenizarCartao({
        numero: digitos,
        expiracao: v.expiracao,
        titular: v.titular.trim(),
        bandeira,
      }),
    );
  }

  return {
    /**
     * The customer's cards; for an establishment, only those its provider tokenised (a token of
     * another provider cannot be charged there). Cards saved before accounts are the environment's.
     */
    async list(idcliente: number, idestabelecimento?: number): Promise<CartaoSalvo[]> {
      const todos = await repo.list(db, idcliente);
      if (idestabelecimento === undefined) return todos.map(presentCartao);
      const nome = (await gatewayDe(idestabelecimento)).nome;
      return todos.filter((c) => (c.provedor ?? gateways.padrao.nome) === nome).map(presentCartao);
    },

    /** `v` validated by the route (http/corpo.ts). */
    async create(
      idcliente: number,
      v: CartaoInputValido,
      log: FastifyBaseLogger,
      idestabelecimento?: number,
    ): Promise<CartaoSalvo> {
      const gateway = await gatewayDe(idestabelecimento);
      if (v.token) {
        // One token, one customer: another's token is as unknown as a made-up one.
        const dono = await repo.findByToken(db, v.token);
        if (dono && dono.idcliente !== idcliente) throw campo('token', MSG_CARTAO.tokenInvalido);
        // Saving the same card twice answers the card already saved.
        if (dono) return presentCartao(dono);
      }
      // Before any gateway call. Two concurrent saves may both pass at 19: the bound is about
      // abuse, not an exact count.
      if ((await repo.count(db, idcliente)) >= MAX_CARTOES) {
        throw new HttpError(400, { non_field_errors: [MSG_CARTAO.limiteCartoes(MAX_CARTOES)] });
      }
      let cartao: CartaoTokenizado;
      if (v.token) {
        const token = v.token;
        const conhecido = await chamar(log, () => gateway.consultarToken(token));
        if (!conhecido) throw campo('token', MSG_CARTAO.tokenInvalido);
        cartao = conhecido;
        const salvarCartao = gateway.salvarCartao?.bind(gateway);
        if (salvarCartao) {
          // Mercado Pago: the token is used once; the card is kept on the customer's Mercado Pago
          // customer and its reference saved (paid later with the browser's card-id + CVV token).
          const email = await repo.emailDoCliente(db, idcliente);
          const ref = await chamar(log, () =>
            salvarCartao({
              chave: `cartao-${idcliente}-${token}`,
              token,
              comprador: { nome: conhecido.titular, cpf: null, email },
            }),
          );
          if (!ref) throw new HttpError(400, { non_field_errors: [MSG_CARTAO.erroSalvarCartao] });
          cartao = { ...conhecido, token: ref };
        }
      } else {
        cartao = await porNumero(gateway, { ...v, numero: v.numero ?? '' }, log);
        // A gateway may answer the token it already gave this card.
        const dono = await repo.findByToken(db, cartao.token);
        if (dono && dono.idcliente !== idcliente) {
          throw new HttpError(400, { non_field_errors: [MSG_CARTAO.erroSalvarCartao] });
        }
        if (dono) return presentCartao(dono);
      }
      try {
        const row = await repo.insert(db, idcliente, {
          token: cartao.token,
          bandeira: cartao.bandeira,
          numero: mascararCartao(cartao.final),
          titular: cartao.titular.trim().slice(0, MAX_TITULAR),
          cnpjoucpf: somenteDigitos(v.cnpjoucpf),
          provedor: gateway.nome,
        });
        return presentCartao(row);
      } catch (err) {
        // The same card saved twice at once: the unique (idcliente, token) kept one row.
        const dono = await repo.findByToken(db, cartao.token);
        if (dono?.idcliente === idcliente) return presentCartao(dono);
        throw err;
      }
    },

    async remove(idcliente: number, id: number): Promise<void> {
      if (!(await repo.remove(db, idcliente, id))) throw rotaNaoEncontrada();
    },

    async tokenizacao(log: FastifyBaseLogger, idestabelecimento?: number): Promise<Tokenizacao> {
      const gateway = await gatewayDe(idestabelecimento);
      const t = await chamar(log, () => gateway.tokenizacaoNavegador());
      // The provider says how the browser tokenises (Silent Order Post, or Mercado Pago's SDK).
      return { provedor: gateway.nome, url: t.url, access_token: t.accessToken, expires_in: t.expiresIn };
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;

/** Account erasure's part of cards: the customer's saved cards go. */
export function apagarCartoesDoCliente(db: Db, idcliente: number): Promise<void> {
  return repo.removeDoCliente(db, idcliente);
}

/** Saves the card a confirmed payment asked to keep (modules/payments), once per customer and token. */
export function salvarCartaoDoPagamento(db: Db, c: Insertable<CartaoTable>): Promise<void> {
  return repo.insertSeNovo(db, c);
}
