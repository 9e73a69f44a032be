/**
 * The store and its menu in the standard's merchant document (`GET {baseURL}/v1/merchant`, the
 * Merchant schema of v1.3.0; schemas/README.md): basicInfo from the store's data ('Loja'),
 * one service per way of receiving (delivery with its circles as polygons, takeout) with the
 * week's hours, one menu whose categories are the menu's groups, every product an item with its
 * offer, every option group with its options (each option an item too, as the standard models
 * them). Ids are stable UUIDs named by Rango's ids; hidden products and options are left out.
 */
import { effectivePrice, reaisToCents } from '@rango/domain';
import type { AreaPainel, EstabelecimentoConfig, Horarios } from '@rango/domain/painel/catalogo';
import type { GrupoOpcao, Menu, Opcao, Produto } from '@rango/domain';
import { preco, uuidDe } from './regras.ts';

/** Seconds a POS may keep the document (the standard's TTL: 500 to 86,400). */
export const MERCHANT_TTL = 900;

/** What the store lacks for the document, in the panel's words ('Loja'). */
export type Pendencia = 'CNPJ' | 'E-mail de contato' | 'Telefone' | 'Localização da loja';

export function pendenciasDoMerchant(e: EstabelecimentoConfig): Pendencia[] {
  const out: Pendencia[] = [];
  if (!e.cnpj) out.push('CNPJ');
  if (!e.email_contato) out.push('E-mail de contato');
  if (e.fones.length === 0) out.push('Telefone');
  if (e.lat === null || e.lng === null) out.push('Localização da loja');
  return out;
}

export interface DadosDoMerchant {
  est: EstabelecimentoConfig;
  /** The store takes orders now (its switch and reopening time, lojaAbertaAgora). */
  aberta: boolean;
  horarios: Horarios;
  areas: AreaPainel[];
  menu: Menu;
  /** Origin of this server's absolute URLs (images). */
  origem: string;
  agora: Date;
}

const DIAS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
/** The store's wall clock is São Paulo's (no daylight saving since 2019). */
const FUSO = '-03:00';
const hora = (hhmm: string): string => `${hhmm.slice(0, 5)}:00${FUSO}`;
const status = (stindisponivel: number): 'AVAILABLE' | 'UNAVAILABLE' =>
  stindisponivel === 0 ? 'AVAILABLE' : 'UNAVAILABLE';
const corte = (s: string, max: number): string => (s.length > max ? s.slice(0, max) : s);
const digitos = (s: string): string => s.replace(/\D/g, '');
const url = (origem: string, caminho: string | null): string | null =>
  caminho === null ? null : /^https?:\/\//.test(caminho) ? caminho : `${origem}${caminho}`;

/** The week's ranges as the standard's Hours; a range past midnight ends on the next day. */
function semana(h: Horarios): { dayOfWeek: string[]; timePeriods: { startTime: string; endTime: string } }[] {
  const out: { dayOfWeek: string[]; timePeriods: { startTime: string; endTime: string } }[] = [];
  for (const f of h.horarios) {
    const dia = DIAS[f.diadasemana]!;
    if (!f.dia_seguinte) {
      out.push({
        dayOfWeek: [dia],
        timePeriods: { startTime: hora(f.abertura), endTime: hora(f.fechamento) },
      });
      continue;
    }
    out.push({ dayOfWeek: [dia], timePeriods: { startTime: hora(f.abertura), endTime: `23:59:59${FUSO}` } });
    if (f.fechamento !== '00:00') {
      out.push({
        dayOfWeek: [DIAS[(f.diadasemana + 1) % 7]!],
        timePeriods: { startTime: hora('00:00'), endTime: hora(f.fechamento) },
      });
    }
  }
  return out;
}

/** A delivery circle as a 16-sided polygon (the standard's GeoRadius has one centre for all). */
function poligono(a: AreaPainel): { geoCoordinates: { latitude: number; longitude: number }[] } {
  const lados = 16;
  const rLat = a.raio / 111_320;
  const rLng = a.raio / (111_320 * Math.cos((a.lat * Math.PI) / 180));
  const geoCoordinates = Array.from({ length: lados }, (_, i) => {
    const t = (2 * Math.PI * i) / lados;
    return {
      latitude: Math.round((a.lat + rLat * Math.sin(t)) * 1e6) / 1e6,
      longitude: Math.round((a.lng + rLng * Math.cos(t)) * 1e6) / 1e6,
    };
  });
  return { geoCoordinates };
}

/** The standard's ItemPrice from cents: the offer price as the value, the list price as the original. */
const precoItem = (centavos: number, ofertaCentavos: number) => ({
  value: effectivePrice(centavos, ofertaCentavos) / 100,
  originalValue: centavos / 100,
  currency: 'BRL' as const,
});

/** The merchant document of the standard for one store (pendenciasDoMerchant(est) must be empty). */
export function documentoDoMerchant(d: DadosDoMerchant): Record<string, unknown> {
  const { est, origem } = d;
  const id = est.id;
  const menuId = uuidDe(`menu:${id}`);
  const weekHours = semana(d.horarios);
  const entrega = d.areas.filter((a) => a.taxaentrega !== null);

  const categories: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const itemOffers: Record<string, unknown>[] = [];
  const optionGroups: Record<string, unknown>[] = [];
  const itensDeOpcao = new Set<number>();

  const opcao = (o: Opcao, i: number, g: GrupoOpcao) => {
    const itemId = uuidDe(`opcao:${o.idopcao}`);
    if (!itensDeOpcao.has(o.idopcao)) {
      itensDeOpcao.add(o.idopcao);
      items.push({
        id: itemId,
        name: corte(o.descricao, 150),
        description: o.detalhe ?? '',
        externalCode: `opcao:${o.idopcao}`,
        status: status(o.stindisponivel),
        unit: 'UN',
      });
    }
    // A leave-out group's options cost nothing ('Sem cebola').
    const gratis = g.stnegagrupoopcao !== 0;
    return {
      id: uuidDe(`opcao-oferta:${o.idopcao}`),
      itemId,
      index: i,
      status: status(o.stindisponivel),
      price: gratis ? precoItem(0, 0) : precoItem(o.preco, o.precooferta),
      ...(o.qtdmax > 0 ? { maxPermitted: o.qtdmax } : g.multiplo ? {} : { maxPermitted: 1 }),
    };
  };

  const grupoDeOpcoes = (g: GrupoOpcao, i: number): string => {
    const opcoes = g.opcoes.filter((o) => o.stindisponivel !== 2);
    const gid = uuidDe(`grupo-opcao:${g.idgrupoopcao}`);
    optionGroups.push({
      id: gid,
      index: i,
      name: corte(g.descricao, 150),
      externalCode: String(g.idgrupoopcao),
      status: status(g.stindisponivel),
      minPermitted: g.qtdmultiplomin,
      // 0 = no limit in Rango: every option's units.
      maxPermitted:
        g.qtdmultiplomax > 0
          ? g.qtdmultiplomax
          : Math.max(
              1,
              opcoes.reduce((s, o) => s + (o.qtdmax > 0 ? o.qtdmax : g.multiplo ? 99 : 1), 0),
            ),
      options: opcoes.map((o, j) => opcao(o, j, g)),
    });
    return gid;
  };

  const produto = (p: Produto, i: number): string => {
    const itemId = uuidDe(`item:${p.idproduto}`);
    const imagem = url(origem, p.imagem);
    items.push({
      id: itemId,
      name: corte(p.descricao, 150),
      description: p.detalhe ?? '',
      externalCode: String(p.idproduto),
      status: status(p.stindisponivel),
      ...(imagem ? { image: { URL: imagem } } : {}),
      unit: 'UN',
    });
    const oferta = uuidDe(`oferta:${p.idproduto}`);
    itemOffers.push({
      id: oferta,
      itemId,
      index: i,
      status: status(p.stindisponivel),
      price: precoItem(reaisToCents(p.preco), reaisToCents(p.precooferta)),
      optionGroupsId: p.grupoopcoes.filter((g) => g.stindisponivel !== 2).map(grupoDeOpcoes),
    });
    return oferta;
  };

  d.menu.grupos.forEach((g, i) => {
    const visiveis = g.produtos.filter((p) => p.stindisponivel !== 2);
    const itemOfferId = visiveis.map(produto);
    categories.push({
      id: uuidDe(`categoria:${g.idgrupo}`),
      index: i,
      name: corte(g.descricao, 150),
      externalCode: String(g.idgrupo),
      status: visiveis.some((p) => p.stindisponivel === 0) ? 'AVAILABLE' : 'UNAVAILABLE',
      itemOfferId,
    });
  });

  const servico = (tipo: 'DELIVERY' | 'TAKEOUT') => ({
    id: uuidDe(`servico:${id}:${tipo}`),
    status: d.aberta ? 'AVAILABLE' : 'UNAVAILABLE',
    serviceType: tipo,
    serviceTiming: { timing: ['INSTANT', 'SCHEDULED'] },
    menuId,
    ...(tipo === 'DELIVERY' && entrega.length > 0
      ? {
          serviceArea: {
            id: uuidDe(`area:${id}`),
            polygon: entrega.map((a) => ({
              ...poligono(a),
              price: preco(a.taxaentrega!),
              estimateDeliveryTime: est.previsaoentregamax,
            })),
          },
        }
      : {}),
    serviceHours: { id: uuidDe(`horario:${id}`), weekHours },
  });
  const logo = url(origem, est.logo) ?? `${origem}/icons/rango-512.png`;

  return {
    lastUpdate: d.agora.toISOString(),
    TTL: MERCHANT_TTL,
    id: uuidDe(`merchant:${id}`),
    status: d.aberta ? 'AVAILABLE' : 'UNAVAILABLE',
    basicInfo: {
      name: corte(est.apelidooufantasia, 500),
      document: est.cnpj,
      corporateName: corte(est.nomeourazaosocial, 500),
      description: est.apelidooufantasia,
      averagePreparationTime: est.previsaoentregamin,
      minOrderValue: preco(est.pedidominimo),
      merchantType: 'RESTAURANT',
      merchantCategories: [],
      address: {
        country: 'BR',
        state: est.endereco.uf,
        city: est.endereco.cidade,
        district: est.endereco.bairro,
        street: est.endereco.rua,
        number: est.endereco.numero,
        postalCode: digitos(est.endereco.cep),
        complement: est.endereco.complemento ?? '',
        latitude: est.lat,
        longitude: est.lng,
      },
      contactEmails: est.email_contato ? [est.email_contato] : [],
      contactPhones: {
        commercialNumber: digitos(est.fones[0] ?? ''),
        ...(est.whatsapp ? { whatsappNumber: digitos(est.whatsapp) } : {}),
      },
      logoImage: { URL: logo },
    },
    services: [servico('DELIVERY'), servico('TAKEOUT')],
    menus: [
      {
        id: menuId,
        name: corte(est.apelidooufantasia, 500),
        externalCode: String(id),
        categoryId: categories.map((c) => c.id),
      },
    ],
    categories,
    itemOffers,
    items,
    optionGroups,
  };
}
