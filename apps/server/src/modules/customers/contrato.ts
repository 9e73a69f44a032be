import {
  cadastroInputSchema,
  clienteSchema,
  clientesSchema,
  perfilInputSchema,
  recuperarInputSchema,
  remocaoSocialSchema,
  resetarSenhaInputSchema,
  socialConfigSchema,
  socialLoginInputSchema,
  tokenPairSchema,
} from '@rango/domain';
import { ERROS, R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const tag = 'Cliente';
const aviso = R.ok(ERROS.detalhe, 'Feito: `{ detail }` com o texto para a pessoa.');
const linkInvalido = R.recusa('Corpo inválido, ou link inválido ou expirado.');

/** The customer's account (spec section 7: /controle/cliente/…). */
export const CONTRATOS_CLIENTE = {
  lista: {
    resumo: 'Os dados do cliente logado (uma lista de um).',
    tag,
    acesso: 'cliente',
    respostas: { 200: R.ok(clientesSchema) },
  },
  cadastro: {
    resumo: 'Cadastra um cliente; o e-mail de confirmação é enviado.',
    tag,
    acesso: 'publico',
    corpo: cadastroInputSchema,
    respostas: { 201: R.ok(ERROS.detalhe, 'Cadastro recebido.'), 400: R.campos(), 429: R.limite() },
  },
  confirmar: {
    resumo: 'Confirma o e-mail pelo link enviado no cadastro.',
    tag,
    acesso: 'publico',
    respostas: { 200: aviso, 400: linkInvalido, 404: R.naoEncontrado(), 429: R.limite() },
  },
  recuperar: {
    resumo: 'Pede o e-mail de redefinição de senha (a mesma resposta exista ou não a conta).',
    tag,
    acesso: 'publico',
    corpo: recuperarInputSchema,
    respostas: { 200: aviso, 400: R.campos(), 429: R.limite() },
  },
  resetar: {
    resumo: 'Define a nova senha pelo link de redefinição.',
    tag,
    acesso: 'publico',
    corpo: resetarSenhaInputSchema,
    respostas: { 200: aviso, 400: linkInvalido, 404: R.naoEncontrado(), 429: R.limite() },
  },
  meusDados: {
    resumo: 'Tudo o que o Rango guarda sobre o cliente logado, para baixar (LGPD).',
    tag,
    acesso: 'cliente',
    respostas: {
      200: { descricao: 'Um arquivo JSON com os dados da conta.', tipo: 'application/json' },
      429: R.limite(),
    },
  },
  perfil: {
    resumo: 'Atualiza o perfil do cliente logado (o id é o dele; outro id: 404).',
    tag,
    acesso: 'cliente',
    corpo: perfilInputSchema,
    respostas: { 200: R.ok(clienteSchema), 400: R.campos(), 404: R.naoEncontrado() },
  },
  excluir: {
    resumo: 'Exclui a conta do cliente logado.',
    tag,
    acesso: 'cliente',
    respostas: { 204: R.semCorpo('Conta excluída.'), 404: R.naoEncontrado() },
  },
  socialConfig: {
    resumo: 'Quais logins sociais estão configurados (e seus ids de aplicativo).',
    tag,
    acesso: 'publico',
    respostas: { 200: R.ok(socialConfigSchema) },
  },
  socialLogin: {
    resumo: 'Entra com o token de um provedor social (google, facebook).',
    tag,
    acesso: 'publico',
    corpo: socialLoginInputSchema,
    respostas: {
      200: R.ok(tokenPairSchema),
      400: R.recusa('Corpo inválido, provedor não configurado ou login recusado.'),
      404: R.naoEncontrado('Provedor desconhecido.'),
      429: R.limite(),
    },
  },
  remocao: {
    resumo: 'A situação de um pedido de remoção de dados do Facebook, pelo código de confirmação.',
    tag,
    acesso: 'publico',
    respostas: {
      200: R.ok(remocaoSocialSchema),
      404: R.naoEncontrado('Código desconhecido.'),
      429: R.limite(),
    },
  },
} satisfies Record<string, Contrato>;
