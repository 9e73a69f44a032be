import { EVENTO, STATUS } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { registrarEvento } from '../events/record.ts';
import { inserirPedido } from '../operator/testing.ts';
import type { PedidoFixture } from '../operator/testing.ts';

/**
 * Tests only: an order of customer `idcliente` at establishment 1 as the orders module places it
 * (its pedido.novo event in the same transaction), which the notifications follow.
 */
export async function inserirPedidoDoCliente(
  db: Db,
  idcliente: number,
  f: Pick<PedidoFixture, 'tipo' | 'status'> = {},
): Promise<number> {
  const status = f.status ?? STATUS.Realizado;
  const id = await inserirPedido(db, { tipo: f.tipo ?? 'DELIVERY', status });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('pedido').set({ idcliente }).where('id', '=', id).execute();
    await registrarEvento(trx, {
      idestabelecimento: 1,
      idcliente,
      idpedido: id,
      tipo: EVENTO.pedidoNovo,
      dados: { idpedido: id, status },
    });
  });
  return id;
}
