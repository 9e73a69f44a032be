import {
  conviteInputSchema,
  convitesSchema,
  equipeSchema,
  staffCadastroInputSchema,
  staffDefinirSenhaInputSchema,
  staffEuSchema,
  staffLinkSchema,
  staffLoginInputSchema,
  staffRecuperarInputSchema,
  staffRefreshInputSchema,
  staffTokenPairSchema,
} from '@rango/domain/painel';
import { ERROS, R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const tag = 'Painel';
const aviso = R.ok(ERROS.detalhe, 'Feito: `{ detail }` com o texto para a pessoa.');
const linkInvalido = R.naoEncontrado('Link inválido ou expirado.');
const semAcesso = R.naoEncontrado('Sem acesso a este estabelecimento (ou ele não existe).');
const soDono = R.detalhe('Só o dono pode fazer isto.');

/** The panel's sign-in, the signed-in person, invitations and the team (issue 11, 20). */
export const CONTRATOS_EQUIPE = {
  login: {
    resumo: 'Entra no painel com e-mail e senha.',
    tag,
    acesso: 'publico',
    corpo: staffLoginInputSchema,
    respostas: {
      200: R.ok(staffTokenPairSchema),
      400: R.campos('Corpo inválido ou credenciais inválidas.'),
      429: R.limite(),
    },
  },
  refresh: {
    resumo: 'Renova o token de acesso do painel (o de renovação é trocado).',
    tag,
    acesso: 'publico',
    corpo: staffRefreshInputSchema,
    respostas: { 200: R.ok(staffTokenPairSchema), 400: R.campos(), 401: R.detalhe('Sessão expirada.') },
  },
  logout: {
    resumo: 'Sai do painel (o token de renovação deixa de valer).',
    tag,
    acesso: 'publico',
    corpo: staffRefreshInputSchema,
    respostas: { 204: R.semCorpo('Saiu.'), 400: R.campos() },
  },
  recuperar: {
    resumo: 'Pede o e-mail para definir uma nova senha (a mesma resposta exista ou não a conta).',
    tag,
    acesso: 'publico',
    corpo: staffRecuperarInputSchema,
    respostas: { 200: aviso, 400: R.campos(), 429: R.limite() },
  },
  cadastro: {
    resumo: 'Cadastra uma pessoa no painel; o link para definir a senha vai por e-mail.',
    tag,
    acesso: 'publico',
    corpo: staffCadastroInputSchema,
    respostas: { 202: R.ok(ERROS.detalhe, 'Cadastro recebido.'), 400: R.campos(), 429: R.limite() },
  },
  lerLink: {
    resumo: 'O que um link de senha ou convite é (para a página de definir a senha).',
    tag,
    acesso: 'publico',
    respostas: { 200: R.ok(staffLinkSchema), 404: linkInvalido, 429: R.limite() },
  },
  definirSenha: {
    resumo: 'Define a senha pelo link e entra.',
    tag,
    acesso: 'publico',
    corpo: staffDefinirSenhaInputSchema,
    respostas: { 200: R.ok(staffTokenPairSchema), 400: R.campos(), 404: linkInvalido, 429: R.limite() },
  },
  eu: {
    resumo: 'A pessoa logada e os estabelecimentos em que trabalha, com o papel em cada um.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(staffEuSchema) },
  },
  convites: {
    resumo: 'Os convites pendentes da pessoa logada.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(convitesSchema) },
  },
  aceitar: {
    resumo: 'Aceita um convite para a equipe de um estabelecimento.',
    tag,
    acesso: 'funcionario',
    respostas: { 204: R.semCorpo('Convite aceito.'), 404: R.naoEncontrado('Convite não encontrado.') },
  },
  recusar: {
    resumo: 'Recusa um convite.',
    tag,
    acesso: 'funcionario',
    respostas: { 204: R.semCorpo('Convite recusado.'), 404: R.naoEncontrado('Convite não encontrado.') },
  },
  equipe: {
    resumo: 'A equipe do estabelecimento (dono).',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(equipeSchema), 403: soDono, 404: semAcesso },
  },
  convidar: {
    resumo: 'Convida uma pessoa para a equipe, com seu papel (dono).',
    tag,
    acesso: 'funcionario',
    corpo: conviteInputSchema,
    respostas: {
      201: { descricao: 'O membro convidado (pendente).' },
      400: R.campos(),
      403: soDono,
      404: semAcesso,
      409: R.detalhe('A pessoa já está na equipe.'),
      429: R.limite(),
    },
  },
  remover: {
    resumo: 'Tira uma pessoa (ou seu convite) da equipe (dono).',
    tag,
    acesso: 'funcionario',
    respostas: {
      204: R.semCorpo('Removida.'),
      400: R.detalhe('Não é possível remover a si mesmo nem o último dono.'),
      403: soDono,
      404: semAcesso,
    },
  },
  sair: {
    resumo: 'Sai da equipe do estabelecimento.',
    tag,
    acesso: 'funcionario',
    respostas: { 204: R.semCorpo('Saiu.'), 400: R.detalhe('O último dono não pode sair.'), 404: semAcesso },
  },
} satisfies Record<string, Contrato>;
