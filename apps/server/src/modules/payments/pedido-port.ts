import type { Db } from '../../db/index.ts';

/**
 * What payments asks of the orders module (its tables' only writer): app.ts and the CLI wire it
 * to orders' functions (orders/status.ts `pedidoPort`), so payments never imports orders — orders
 * imports payments to charge an order, and the arrows point one way.
 */
export interface PedidoPort {
  /**
   * The payment's own move of an order still awaiting its payment (PgtoPendente) to `para`: paid
   * (Sincronizado), or refused or expired (Cancelado, with the reason), by the system. False when
   * the order had already moved on (a lost race changes nothing).
   */
  moverDoPendente(
    idpedido: number,
    para: number,
    opcoes: { motivo?: string | undefined; agora: Date },
  ): Promise<boolean>;
  /** The order's current status, or undefined when it does not exist. */
  status(idpedido: number): Promise<number | undefined>;
  /**
   * A refused payment leaves no order: the order, its history and its coupon use go, inside the
   * caller's transaction (payments unlinks its attempt in the same one).
   */
  remover(trx: Db, idpedido: number, pedidoId: string): Promise<void>;
}
