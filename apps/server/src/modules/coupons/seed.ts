import type { Db } from '../../db/index.ts';
import { couponsRepository } from './repository.ts';
import { novoCupomValues } from './service.ts';
import type { NovoCupom } from './service.ts';

/** The demo coupons (money in cents), on the demo establishments 1 and 2. */
export const DEMO_CUPONS: NovoCupom[] = [
  { idestabelecimento: 1, codigo: 'BEMVINDO10', ehpercentual: true, desconto: 10, limitedesconto: 1500 },
  { idestabelecimento: 2, codigo: 'PIZZA5', ehpercentual: false, desconto: 500, subtotalminimo: 4000 },
  {
    idestabelecimento: 1,
    codigo: 'VERAO2024',
    ehpercentual: true,
    desconto: 20,
    valido_ate: '2024-03-20T23:59:59.999Z',
  },
];

/**
 * Seeds the demo coupons when the coupon table is empty (so a database seeded before coupons
 * existed gets them too), skipping any whose establishment is missing. Answers how many it added.
 */
export async function seedCupons(db: Db, cupons: NovoCupom[] = DEMO_CUPONS): Promise<number> {
  if ((await couponsRepository.countCupons(db)) > 0) return 0;
  let n = 0;
  for (const c of cupons) {
    if (!(await couponsRepository.estabelecimentoExists(db, c.idestabelecimento))) continue;
    // Two instances seeding at once: the loser's insert is ignored.
    if ((await couponsRepository.insert(db, novoCupomValues(c))) !== undefined) n += 1;
  }
  return n;
}
