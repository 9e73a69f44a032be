import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { createPasswords } from '../auth/passwords.ts';
import { hashToken } from '../auth/secrets.ts';
import { staffCriarCommand } from './commands.ts';

const CONFIG = { publicUrl: 'http://rango.test', smtpUrl: undefined, mailFrom: 'Rango <x@rango.test>' };

describe.each(DIALECTS)('staff-criar on %s', (dialect) => {
  let t: TestDb;
  const passwords = createPasswords(1);
  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  });
  afterAll(async () => {
    await passwords.close();
    await t.cleanup();
  });
  const run = (...args: string[]) => staffCriarCommand(t.db, args, CONFIG);
  const funcionario = (email: string) =>
    t.db.selectFrom('funcionario').selectAll().where('email', '=', email).executeTakeFirst();
  const papeis = (id: number) =>
    t.db
      .selectFrom('funcionario_papel')
      .select(['idestabelecimento', 'papel'])
      .where('idfuncionario', '=', id)
      .orderBy('idestabelecimento')
      .execute();

  it('creates the first owner without a password and prints the one-time invitation link (also mailed)', async () => {
    const out = await run('1', 'Dona@Pizzaria.test', 'dono', 'Dona', 'Maria');
    const link = /^http:\/\/rango\.test\/painel\/convite\/([A-Za-z0-9_-]{43})$/m.exec(out);
    expect(link).not.toBeNull();
    expect(out).toContain('dona@pizzaria.test (dono) em Pizzaria Teste (estabelecimento 1)');
    const f = await funcionario('dona@pizzaria.test');
    expect(f).toMatchObject({ nome: 'Dona Maria', senha_hash: null });
    expect(await papeis(f!.id)).toEqual([{ idestabelecimento: 1, papel: 'dono' }]);
    const convite = await t.db
      .selectFrom('funcionario_link')
      .selectAll()
      .where('token_hash', '=', hashToken(link![1]!))
      .executeTakeFirstOrThrow();
    expect(convite).toMatchObject({
      tipo: 'convite',
      idfuncionario: f!.id,
      idestabelecimento: 1,
      papel: 'dono',
      usado_em: null,
    });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['para', 'link'])
      .where('para', '=', 'dona@pizzaria.test')
      .execute();
    expect(mail).toEqual([{ para: 'dona@pizzaria.test', link: link![0] }]);
  });

  it('--senha sets the password directly (no link); running again changes the role', async () => {
    const out = await run('2', 'gerente@lanchonete.test', 'atendente', '--senha', 'senha-de-teste');
    expect(out).toMatch(
      /^Acesso ao painel pronto: gerente@lanchonete\.test \(atendente\) em Lanchonete Vazia/,
    );
    expect(out).not.toContain('/painel/convite/');
    const f = await funcionario('gerente@lanchonete.test');
    expect(await passwords.verifySenha('senha-de-teste', f!.senha_hash)).toBe(true);
    expect(f!.nome).toBe('gerente');
    const again = await run('2', 'gerente@lanchonete.test', 'dono', '--senha=outra-senha-1');
    expect(again).toContain('(dono)');
    expect(await papeis(f!.id)).toEqual([{ idestabelecimento: 2, papel: 'dono' }]);
    const depois = await funcionario('gerente@lanchonete.test');
    expect(await passwords.verifySenha('outra-senha-1', depois!.senha_hash)).toBe(true);
    // Another establishment for someone who already has a password: the role, no link.
    const outro = await run('1', 'gerente@lanchonete.test', 'atendente');
    expect(outro).toMatch(/^Papel registrado: .*A pessoa já tem senha/);
    expect(await papeis(f!.id)).toEqual([
      { idestabelecimento: 1, papel: 'atendente' },
      { idestabelecimento: 2, papel: 'dono' },
    ]);
  });

  it.each([
    [['x', 'a@b.test', 'dono'], 'Id de estabelecimento inválido: x'],
    [['999', 'a@b.test', 'dono'], 'Estabelecimento 999 não encontrado.'],
    [['1', 'a@b.test', 'gerente'], 'Papel inválido: gerente (use dono ou atendente).'],
    [['1', 'nao-e-email', 'dono'], 'E-mail inválido.'],
    [['1', 'a@b.test', 'dono', '--senha', 'curta'], 'A senha precisa ter pelo menos 8 caracteres.'],
    [['1', 'a@b.test', 'dono', '--senha'], 'Informe a senha depois de --senha.'],
  ])('refuses %j with a Portuguese message and creates nothing', async (args, msg) => {
    const antes = await t.db.selectFrom('funcionario').select('id').execute();
    await expect(run(...args)).rejects.toThrow(msg);
    expect(await t.db.selectFrom('funcionario').select('id').execute()).toEqual(antes);
  });
});
