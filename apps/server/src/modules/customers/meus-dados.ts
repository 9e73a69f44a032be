import type { Db } from '../../db/index.ts';
import { exportarAvaliacoesDoCliente } from '../avaliacoes/service.ts';
import { notificacoesDoCliente } from '../notificacoes/service.ts';

/**
 * LGPD self-service (issue 14 part 6): 'Baixar meus dados' — everything this database holds about
 * one customer, as JSON. Only the customer's own rows (every query below is scoped by their id or
 * their e-mail). Saved cards and payments show brand and last four digits only: no gateway token,
 * and no card number or CVV exists anywhere to show (see the `pagamentos` migration).
 */

/** Each table of the schema and what the export does with it (tests check none is forgotten). */
export const TABELAS_MEUS_DADOS: Readonly<Record<string, string>> = {
  cliente: 'exportada: perfil',
  endereco: 'exportada: enderecos',
  cartao: 'exportada: cartoes_salvos (bandeira e final, nunca o token)',
  pedido: 'exportada: pedidos',
  pedido_historico: 'exportada: pedidos[].historico',
  pedido_item: 'exportada: pedidos[].pedido.itens (a cópia por item para relatórios)',
  pedido_item_opcao: 'exportada: pedidos[].pedido.itens[].opcoes (a cópia para relatórios)',
  pagamento: 'exportada: pedidos[].pagamentos e pagamentos_sem_pedido (bandeira e final)',
  cupom_uso: 'exportada: cupons_usados',
  refresh_token: 'exportada: historico_de_acesso (uma linha por entrada, sem o token)',
  cliente_social: 'exportada: logins_sociais',
  cliente_token: 'exportada: links_de_conta (sem o token)',
  mail_outbox: 'exportada: emails (assunto e datas, sem o link)',
  evento: 'exportada: eventos',
  avaliacao: 'exportada: avaliacoes (nota e comentário; a resposta do restaurante é dele, privada)',
  notificacao_consentimento: 'exportada: notificacoes.consentimentos',
  notificacao_push: 'exportada: notificacoes.dispositivos (só o serviço de push, sem as chaves)',
  notificacao: 'exportada: notificacoes.mensagens',
  notificacao_cursor: 'posição da fila de notificações no registro de eventos, sem dados de cliente',
  // Not about a customer, or not readable as theirs:
  rate_limit: 'contadores com chave em SHA-256: não identificam ninguém',
  remocao_social: 'só um código e o provedor, sem identificar a pessoa',
  configuracao: 'configuração do servidor',
  sandbox_cartao: 'cofre do gateway de testes (o gateway, não o Rango)',
  sandbox_pagamento: 'registros do gateway de testes (o gateway, não o Rango)',
  sandbox_3ds: 'registros do 3-D Secure de testes',
  estabelecimento: 'restaurante',
  fone: 'restaurante',
  horariofuncionamento: 'restaurante',
  horarioexcecao: 'restaurante',
  areaentrega: 'restaurante',
  taxaentrega: 'restaurante',
  abonotaxaentrega: 'restaurante',
  formapgto: 'restaurante',
  grupomenu: 'cardápio',
  produto: 'cardápio',
  grupoopcao: 'cardápio',
  produto_grupoopcao: 'cardápio',
  opcao: 'cardápio',
  cupom: 'cupons do restaurante',
  operador_token: 'chaves do restaurante',
  funcionario: 'equipe do restaurante',
  funcionario_papel: 'equipe do restaurante',
  funcionario_refresh: 'equipe do restaurante',
  funcionario_link: 'equipe do restaurante',
  funcionario_convite: 'equipe do restaurante',
  auditoria: 'alterações da equipe do restaurante',
  relatorio_dia: 'totais de vendas do restaurante por dia, sem dados de cliente',
  relatorio_fila: 'ids de pedidos ainda não copiados para os relatórios, sem dados de cliente',
  segredo: 'credenciais do restaurante, cifradas (modules/secrets): nunca exportadas',
  conta_pagamento: 'contas de pagamento do restaurante (provedor e estado; as credenciais ficam em segredo)',
  mercadopago_conexao:
    'conexões do restaurante ao Mercado Pago em andamento (hash do state), sem dados de cliente',
  taxa_plataforma: 'taxa da plataforma cobrada do restaurante, sem dados de cliente',
  webhook: 'webhooks do restaurante (URLs dos sistemas dele)',
  webhook_entrega: 'entregas de webhooks do restaurante: ids e status de pedidos, sem dados pessoais',
  webhook_cursor: 'posição da leitura dos eventos pelos webhooks',
  whatsapp_conta: 'número de WhatsApp do restaurante (ids; o token fica em segredo)',
  whatsapp_status: 'estados de entrega informados pela Meta (ids de mensagem), sem texto',
  whatsapp_mensagem:
    'o envio de uma notificação pelo WhatsApp: o texto e o estado saem em notificacoes.mensagens, o telefone é o do perfil',
  whatsapp_entrada: 'exportada: notificacoes.recebidas_whatsapp (mensagens recebidas do telefone do cliente)',
  marca: 'restaurante (cor e logo)',
  dominio: 'restaurante (endereços próprios)',
  opendelivery_credencial: 'credenciais do PDV do restaurante (segredo só em hash)',
  opendelivery_token: 'tokens do PDV do restaurante (só em hash)',
  opendelivery_evento: 'confirmações de leitura do PDV: ids de eventos, sem dados pessoais',
  opendelivery_cursor: 'posição da leitura dos eventos pelo Open Delivery',
  ifood_loja: 'conexão do restaurante ao iFood (as credenciais ficam em segredo)',
  ifood_acao: 'ações de status a enviar ao iFood: ids de pedidos, sem dados pessoais',
  ifood_cursor: 'posição da leitura dos eventos pela integração iFood',
};

const masked = (numero: string | null) => (numero ? numero.replace(/\D/g, '').slice(-4) || null : null);

function json(texto: string): unknown {
  try {
    return JSON.parse(texto);
  } catch {
    return texto;
  }
}

export const ARQUIVO_MEUS_DADOS = 'meus-dados-rango.json';

/** The export (undefined for an unknown or deleted account). */
export async function exportarMeusDados(db: Db, idcliente: number, agora = new Date()) {
  const c = await db
    .selectFrom('cliente')
    .selectAll()
    .where('id', '=', idcliente)
    .where('excluido_em', 'is', null)
    .executeTakeFirst();
  if (!c) return undefined;

  const [enderecos, cartoes, pedidos, pagamentos, cupons, sessoes, sociais, links, emails, eventos] =
    await Promise.all([
      db.selectFrom('endereco').selectAll().where('idcliente', '=', idcliente).orderBy('id').execute(),
      db
        .selectFrom('cartao')
        .select(['bandeira', 'numero', 'titular', 'cnpjoucpf', 'datahora'])
        .where('idcliente', '=', idcliente)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('pedido')
        .leftJoin('estabelecimento', 'estabelecimento.id', 'pedido.idestabelecimento')
        .selectAll('pedido')
        .select('estabelecimento.apelidooufantasia as estabelecimento_nome')
        .where('pedido.idcliente', '=', idcliente)
        .orderBy('pedido.id')
        .execute(),
      db
        .selectFrom('pagamento')
        .select([
          'idpedido',
          'pedido_id',
          'tipo',
          'valor',
          'estado',
          'cartao_bandeira',
          'cartao_numero',
          'cartao_titular',
          'return_message',
          'expira_em',
          'criado_em',
          'atualizado_em',
        ])
        .where('idcliente', '=', idcliente)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('cupom_uso')
        .leftJoin('cupom', 'cupom.id', 'cupom_uso.idcupom')
        .select(['cupom.codigo', 'cupom_uso.pedido_id', 'cupom_uso.criado_em'])
        .where('cupom_uso.idcliente', '=', idcliente)
        .orderBy('cupom_uso.id')
        .execute(),
      db
        .selectFrom('refresh_token')
        .select((eb) => [
          'familia',
          eb.fn.min('criado_em').as('entrada'),
          eb.fn.max('criado_em').as('ultimo_uso'),
          eb.fn.max('expira_em').as('expira_em'),
          eb.fn.max('revogado').as('revogado'),
        ])
        .where('idcliente', '=', idcliente)
        .groupBy('familia')
        .orderBy('entrada')
        .execute(),
      db
        .selectFrom('cliente_social')
        .select(['provedor', 'sujeito', 'criado_em'])
        .where('idcliente', '=', idcliente)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('cliente_token')
        .select(['tipo', 'criado_em', 'expira_em', 'usado_em'])
        .where('idcliente', '=', idcliente)
        .orderBy('id')
        .execute(),
      c.email
        ? db
            .selectFrom('mail_outbox')
            .select(['para', 'assunto', 'criado_em', 'enviado_em'])
            .where((eb) => eb(eb.fn('lower', ['para']), '=', c.email!.toLowerCase()))
            .orderBy('id')
            .execute()
        : Promise.resolve([]),
      db
        .selectFrom('evento')
        .select(['tipo', 'idpedido', 'criado_em'])
        .where('idcliente', '=', idcliente)
        .orderBy('id')
        .execute(),
    ]);

  const avaliacoes = await exportarAvaliacoesDoCliente(db, idcliente);
  const notificacoes = await notificacoesDoCliente(db, idcliente);
  const ids = pedidos.map((p) => p.id);
  const historicos = ids.length
    ? await db
        .selectFrom('pedido_historico')
        .select(['idpedido', 'status', 'datahora', 'motivo'])
        .where('idpedido', 'in', ids)
        .orderBy('id')
        .execute()
    : [];

  const pagamentoWire = (p: (typeof pagamentos)[number]) => ({
    tipo: p.tipo,
    valor_centavos: p.valor,
    estado: p.estado,
    cartao: p.cartao_bandeira
      ? { bandeira: p.cartao_bandeira, final: masked(p.cartao_numero), titular: p.cartao_titular }
      : null,
    mensagem: p.return_message,
    pix_expira_em: p.expira_em,
    criado_em: p.criado_em,
    atualizado_em: p.atualizado_em,
  });

  return {
    formato: 'rango-meus-dados/1',
    gerado_em: agora.toISOString(),
    sobre:
      'Todos os dados que o Rango guarda sobre você. Valores em centavos; datas em UTC (ISO 8601). ' +
      'Cartões aparecem só com a bandeira e os 4 últimos dígitos: o número completo e o código de ' +
      'segurança nunca são guardados.',
    perfil: {
      id: c.id,
      uuid: c.uuid,
      nome: c.nomeourazaosocial,
      email: c.email,
      telefone: c.telefone,
      cpf_cnpj: c.cnpjoucpf,
      email_confirmado: c.confirmado === 1,
      tem_senha: c.senha_hash !== null,
      criado_em: c.criado_em,
    },
    enderecos: enderecos.map((e) => ({
      cep: e.cep,
      rua: e.rua,
      numero: e.numero,
      complemento: e.complemento,
      bairro: e.bairro,
      cidade: e.cidade,
      uf: e.uf,
      referencia: e.detalhe,
      latitude: e.lat,
      longitude: e.lng,
      criado_em: e.criado_em,
    })),
    cartoes_salvos: cartoes.map((k) => ({
      bandeira: k.bandeira,
      final: masked(k.numero),
      titular: k.titular,
      cpf_cnpj_titular: k.cnpjoucpf,
      salvo_em: k.datahora,
    })),
    pedidos: pedidos.map((p) => ({
      id: p.id,
      numero: p.referencia,
      estabelecimento: { id: p.idestabelecimento, nome: p.estabelecimento_nome },
      tipo: p.tipo,
      status: p.status,
      subtotal_centavos: p.subtotal,
      taxa_entrega_centavos: p.taxa_entrega,
      desconto_centavos: p.desconto,
      total_centavos: p.total,
      cupom: p.codigo_cupom,
      agendado_para: p.entregue_as,
      feito_em: p.dthrpedido,
      previsao_em: p.previsao_em,
      atualizado_em: p.atualizado_em,
      historico: historicos
        .filter((x) => x.idpedido === p.id)
        .map((x) => ({ status: x.status, em: x.datahora, motivo: x.motivo })),
      pagamentos: pagamentos.filter((x) => x.idpedido === p.id).map(pagamentoWire),
      /** The order as placed (items, options, address, notes), as the restaurant received it. */
      pedido: json(p.pedido_json),
    })),
    avaliacoes,
    pagamentos_sem_pedido: pagamentos.filter((x) => x.idpedido === null).map(pagamentoWire),
    cupons_usados: cupons.map((u) => ({ codigo: u.codigo, pedido: u.pedido_id, usado_em: u.criado_em })),
    consentimentos: [
      ...(c.confirmado === 1
        ? [{ tipo: 'cadastro', descricao: 'Criou a conta e confirmou o e-mail.', em: c.criado_em }]
        : []),
      ...cartoes.map((k) => ({
        tipo: 'salvar_cartao',
        descricao: `Pediu para salvar o cartão ${k.bandeira} final ${masked(k.numero) ?? ''}.`,
        em: k.datahora,
      })),
      ...sociais.map((s) => ({
        tipo: 'login_social',
        descricao: `Vinculou o login pelo ${s.provedor === 'facebook' ? 'Facebook' : 'Google'}.`,
        em: s.criado_em,
      })),
    ],
    historico_de_acesso: sessoes.map((s) => ({
      entrada: s.entrada,
      ultimo_uso: s.ultimo_uso,
      expira_em: s.expira_em,
      encerrada: Number(s.revogado) === 1,
    })),
    logins_sociais: sociais.map((s) => ({
      provedor: s.provedor,
      identificador: s.sujeito,
      vinculado_em: s.criado_em,
    })),
    links_de_conta: links.map((l) => ({
      tipo: l.tipo === 'reset' ? 'redefinir_senha' : 'confirmar_email',
      criado_em: l.criado_em,
      expira_em: l.expira_em,
      usado_em: l.usado_em,
    })),
    emails: emails.map((m) => ({
      para: m.para,
      assunto: m.assunto,
      criado_em: m.criado_em,
      enviado_em: m.enviado_em,
    })),
    eventos: eventos.map((e) => ({ tipo: e.tipo, pedido: e.idpedido, em: e.criado_em })),
    /** How the customer chose to hear about orders (issue 22), the devices and the messages sent. */
    notificacoes,
  };
}
