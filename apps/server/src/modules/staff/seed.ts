import type { Db } from '../../db/index.ts';
import type { SeedEstablishment } from '../../db/seed/types.ts';
import { createPasswords } from '../auth/passwords.ts';
import { convidarParaEquipe } from './equipe.ts';

/** The demo's panel password (README, demo section). */
export const SENHA_DEMO_PAINEL = 'painel-demo';

/** One owner per demo establishment, by the establishment's id. */
export const DEMO_DONOS: readonly { idestabelecimento: number; email: string; nome: string }[] = [
  { idestabelecimento: 1, email: 'dono@sabordavila.com.br', nome: 'Dono do Sabor da Vila' },
  { idestabelecimento: 2, email: 'dono@bellanapoli.com.br', nome: 'Dono da Bella Napoli' },
];

/**
 * Seeds the demo owners when no staff exists yet (so a database seeded before the panel existed
 * gets them too), with the README's password. Only on an establishment that is the demo's own
 * (same id and names): a real restaurant in a production database must never get an owner whose
 * password is public. Answers how many it added.
 */
export async function seedDonosDemo(db: Db, demo: readonly SeedEstablishment[]): Promise<number> {
  const algum = await db.selectFrom('funcionario').select('id').limit(1).executeTakeFirst();
  if (algum) return 0;
  const passwords = createPasswords(1);
  let n = 0;
  try {
    for (const d of DEMO_DONOS) {
      const seed = demo.find((e) => e.detalhe.id === d.idestabelecimento);
      if (!seed) continue;
      const est = await db
        .selectFrom('estabelecimento')
        .select(['apelidooufantasia', 'nomeourazaosocial'])
        .where('id', '=', d.idestabelecimento)
        .executeTakeFirst();
      if (
        !est ||
        est.apelidooufantasia !== seed.detalhe.estabelecimento.apelidooufantasia ||
        est.nomeourazaosocial !== seed.detalhe.estabelecimento.nomeourazaosocial
      ) {
        continue;
      }
      await convidarParaEquipe(
        { db, mailer: { send: async () => undefined }, publicUrl: '' },
        d.idestabelecimento,
        { email: d.email, nome: d.nome, papel: 'dono' },
        // `atualizar`: two instances seeding at once end with the same owner, not an error.
        { senhaHash: await passwords.hashSenha(SENHA_DEMO_PAINEL), atualizar: true },
      );
      n += 1;
    }
  } finally {
    await passwords.close();
  }
  return n;
}
