import { PAPEIS, conviteInputSchema, staffDefinirSenhaInputSchema } from '@rango/domain/painel';
import type { Papel } from '@rango/domain/painel';
import { createMailer } from '../../adapters/mail/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { parseId } from '../../http/errors.ts';
import { createPasswords } from '../auth/passwords.ts';
import { staffRepository as repo } from './repository.ts';
import { convidarParaEquipe } from './equipe.ts';

export const USO_STAFF = {
  staffCriar:
    'staff-criar <idestabelecimento> <email> <dono|atendente> [nome…] [--senha <senha>]\n' +
    '                     dá acesso ao painel do restaurante (/painel): cria a pessoa (ou o papel, para\n' +
    '                     quem já tem acesso) e mostra o link de convite de uso único, também enviado por\n' +
    '                     e-mail; com --senha, define a senha direto (scripts, demonstração)',
} as const;

/** `--senha <valor>` or `--senha=<valor>` taken out of the arguments. */
function extrairSenha(args: string[]): { resto: string[]; senha: string | undefined } {
  const resto: string[] = [];
  let senha: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--senha') {
      senha = args[++i];
      if (senha === undefined) throw new Error('Informe a senha depois de --senha.');
    } else if (a.startsWith('--senha=')) {
      senha = a.slice('--senha='.length);
    } else {
      resto.push(a);
    }
  }
  return { resto, senha };
}

const isPapel = (p: string | undefined): p is Papel => (PAPEIS as readonly string[]).includes(p ?? '');

/**
 * `staff-criar`: the first owner of an establishment (and anyone after, for scripts). Goes through
 * the same invitation as the panel's team page; a person already in the team gets the new role.
 */
export async function staffCriarCommand(
  db: Db,
  args: string[],
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>,
): Promise<string> {
  const { resto, senha } = extrairSenha(args);
  const [idRaw, emailRaw, papelRaw, ...nomePartes] = resto;
  const idestabelecimento = parseId(idRaw);
  if (idestabelecimento === undefined)
    throw new Error(`Id de estabelecimento inválido: ${idRaw ?? '(nenhum)'}`);
  if (!isPapel(papelRaw))
    throw new Error(`Papel inválido: ${papelRaw ?? '(nenhum)'} (use dono ou atendente).`);
  const nome = nomePartes.join(' ').trim() || (emailRaw ?? '').split('@')[0] || 'Equipe';
  const input = conviteInputSchema.safeParse({ email: emailRaw ?? '', nome, papel: papelRaw });
  if (!input.success) throw new Error(input.error.issues.map((i) => i.message).join(' '));
  if (senha !== undefined) {
    const s = staffDefinirSenhaInputSchema.safeParse({ senha });
    if (!s.success) throw new Error(s.error.issues.map((i) => i.message).join(' '));
  }
  const est = await repo.estabelecimento(db, idestabelecimento);
  if (!est) throw new Error(`Estabelecimento ${idestabelecimento} não encontrado.`);

  // The CLI prints the link itself; the mailer's log line would repeat it.
  const mailer = createMailer(config, db, { info: () => undefined });
  const passwords = createPasswords(1);
  try {
    const senhaHash = senha !== undefined ? await passwords.hashSenha(senha) : undefined;
    const r = await convidarParaEquipe(
      { db, mailer, publicUrl: config.publicUrl },
      idestabelecimento,
      input.data,
      { senhaHash, atualizar: true },
    );
    const quem = `${r.membro.email} (${r.membro.papel}) em ${est.apelidooufantasia} (estabelecimento ${est.id})`;
    const painel = `${config.publicUrl}/painel`;
    if (r.link) {
      return (
        `Convite criado: ${quem}.\n` +
        `Link de uso único para criar a senha (vale 7 dias; também enviado por e-mail):\n${r.link}`
      );
    }
    if (senha !== undefined)
      return `Acesso ao painel pronto: ${quem}. Entre em ${painel} com a senha informada.`;
    return `Papel registrado: ${quem}. A pessoa já tem senha e entra em ${painel}.`;
  } finally {
    mailer.close();
    await passwords.close();
  }
}
