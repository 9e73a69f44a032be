import { escapeHtml } from '../../http/html.ts';
import type { MailMessage } from './mailer.ts';

function layout(titulo: string, paragrafos: string[], botao: string, link: string): string {
  const ps = paragrafos.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(link);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(titulo)}</title></head>
<body style="font-family: sans-serif; color: #222;">
<h1 style="font-size: 20px;">${escapeHtml(titulo)}</h1>
${ps}
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #d32f2f; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(botao)}</a></p>
<p style="font-size: 12px; color: #666;">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${href}</p>
</body></html>`;
}

/** `${publicUrl}/confirma/{uuid}/{token}` (the app's route of spec section 2). */
export const confirmacaoLink = (publicUrl: string, uuid: string, token: string): string =>
  `${publicUrl}/confirma/${encodeURIComponent(uuid)}/${encodeURIComponent(token)}`;

/** `${publicUrl}/resetar-senha/{uuid}/{token}` (the app's route of spec section 2). */
export const resetLink = (publicUrl: string, uuid: string, token: string): string =>
  `${publicUrl}/resetar-senha/${encodeURIComponent(uuid)}/${encodeURIComponent(token)}`;

/** One e-mail: the text version (paragraphs, then the link) and the HTML layout with its button. */
function mensagem(
  para: string,
  titulo: string,
  paragrafos: string[],
  botao: string,
  link: string,
): MailMessage {
  return {
    para,
    assunto: titulo,
    texto: `${paragrafos.join('\n\n')}\n\n${link}\n`,
    html: layout(titulo, paragrafos, botao, link),
    link,
  };
}

export function confirmacaoMail(para: string, nome: string, link: string): MailMessage {
  const titulo = 'Confirme seu cadastro no Rango';
  const paragrafos = [
    `Olá, ${nome}!`,
    'Recebemos o seu cadastro. Para ativar a sua conta, abra o link abaixo (ele vale por 48 horas).',
    'Se você não se cadastrou, ignore este email.',
  ];
  return mensagem(para, titulo, paragrafos, 'Confirmar cadastro', link);
}

export function resetMail(para: string, nome: string, link: string): MailMessage {
  const titulo = 'Crie uma nova senha no Rango';
  const paragrafos = [
    `Olá, ${nome}!`,
    'Recebemos um pedido para criar uma nova senha. Abra o link abaixo para escolher a nova senha (ele vale por 1 hora e só pode ser usado uma vez).',
    'Se você não pediu, ignore este email: a sua senha continua a mesma.',
  ];
  return mensagem(para, titulo, paragrafos, 'Criar nova senha', link);
}

/** `${publicUrl}/painel/convite/{token}`: the panel's invitation page (issue 11). */
export const painelConviteLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/painel/convite/${encodeURIComponent(token)}`;

/** `${publicUrl}/painel/senha/{token}`: the panel's new-password page. */
export const painelSenhaLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/painel/senha/${encodeURIComponent(token)}`;

/** `${publicUrl}/painel/cadastro/{token}`: the panel's page that finishes a restaurant's sign-up. */
export const painelCadastroLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/painel/cadastro/${encodeURIComponent(token)}`;

const PAPEL_TEXTO: Readonly<Record<string, string>> = { dono: 'dono', atendente: 'atendente' };

/** An invitation to a restaurant's panel: the link sets the first password. */
export function painelConviteMail(
  para: string,
  nome: string,
  estabelecimento: string,
  papel: string,
  link: string,
): MailMessage {
  const titulo = `Convite para o painel de ${estabelecimento}`;
  const paragrafos = [
    `Olá, ${nome}!`,
    `Você foi convidado para a equipe de ${estabelecimento} no Rango, como ${PAPEL_TEXTO[papel] ?? papel}.`,
    'Abra o link abaixo para criar a sua senha e entrar no painel de pedidos (ele vale por 7 dias e só pode ser usado uma vez).',
    'Se você não esperava este convite, ignore este email.',
  ];
  return mensagem(para, titulo, paragrafos, 'Criar senha e entrar', link);
}

/**
 * A staff member who already has a password was invited to another establishment's team
 * (`convite`: the invitation waits in the panel for them to accept or decline it) or, by the
 * platform's operator, added to it.
 */
export function painelEquipeMail(
  para: string,
  nome: string,
  estabelecimento: string,
  papel: string,
  link: string,
  convite = false,
): MailMessage {
  const comoPapel = `como ${PAPEL_TEXTO[papel] ?? papel}`;
  if (convite) {
    return mensagem(
      para,
      `Convite para a equipe de ${estabelecimento}`,
      [
        `Olá, ${nome}!`,
        `Você foi convidado para a equipe de ${estabelecimento} no Rango, ${comoPapel}.`,
        'Entre no painel com o seu e-mail e a sua senha de sempre para aceitar ou recusar o convite (ele vale por 7 dias). Nada muda até você aceitar.',
        'Se você não esperava este convite, recuse-o ou ignore este email.',
      ],
      'Ver o convite',
      link,
    );
  }
  const titulo = `Você agora faz parte da equipe de ${estabelecimento}`;
  const paragrafos = [
    `Olá, ${nome}!`,
    `Você foi adicionado à equipe de ${estabelecimento} no Rango, ${comoPapel}.`,
    'Entre no painel com o seu e-mail e a sua senha de sempre e escolha o estabelecimento.',
  ];
  return mensagem(para, titulo, paragrafos, 'Abrir o painel', link);
}

/** A restaurant's sign-up: the link sets the owner's password; the establishment comes next. */
export function painelCadastroMail(para: string, nome: string, link: string): MailMessage {
  const titulo = 'Cadastre o seu restaurante no Rango';
  const paragrafos = [
    `Olá, ${nome}!`,
    'Recebemos o cadastro do seu restaurante no Rango. Abra o link abaixo para criar a sua senha do painel; em seguida você cadastra o restaurante, o cardápio e as áreas de entrega (o link vale por 2 dias e só pode ser usado uma vez).',
    'Se você não fez este cadastro, ignore este email.',
  ];
  return mensagem(para, titulo, paragrafos, 'Criar senha', link);
}

/** The panel's password reset. */
export function painelSenhaMail(para: string, nome: string, link: string): MailMessage {
  const titulo = 'Crie uma nova senha do painel do Rango';
  const paragrafos = [
    `Olá, ${nome}!`,
    'Recebemos um pedido para criar uma nova senha do painel do restaurante. Abra o link abaixo para escolher a nova senha (ele vale por 1 hora e só pode ser usado uma vez).',
    'Se você não pediu, ignore este email: a sua senha continua a mesma.',
  ];
  return mensagem(para, titulo, paragrafos, 'Criar nova senha', link);
}
