import { seedCupons } from '../../modules/coupons/seed.ts';
import { seedDonosDemo } from '../../modules/staff/seed.ts';
import type { Db } from '../index.ts';
import { demoEstablishments } from './data/index.ts';
import { seedEstablishments } from './seed-establishments.ts';
import type { SeedOptions, SeedResult } from './seed-establishments.ts';

export type { SeedOptions, SeedResult } from './seed-establishments.ts';

/**
 * Seeds the demo establishments (./data) into an empty database (a no-op when it has any), then
 * the demo coupons when there are none yet, and the demo's panel owners when there is no staff yet.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const result = await seedEstablishments(db, demoEstablishments, options);
  await seedCupons(db);
  await seedDonosDemo(db, demoEstablishments);
  return result;
}
