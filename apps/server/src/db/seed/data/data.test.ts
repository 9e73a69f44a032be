import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  areasEntregaSchema,
  estabelecimentoDetalheSchema,
  formasPgtoSchema,
  menuSchema,
  priceItem,
  type GrupoOpcao,
  type Opcao,
  type Produto,
} from '@rango/domain';
import { describe, expect, it } from 'vitest';

import { MEDIA_LOGOS, MEDIA_PRODUTOS } from './builders.ts';
import { drawImage, LOGO_IMAGES, PRODUCT_IMAGES } from './images.ts';
import { demoEstablishments } from './index.ts';

const MEDIA_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../media');

const produtos = demoEstablishments.flatMap((e) => e.menu.grupos.flatMap((g) => g.produtos));
const grupos = produtos.flatMap((p) => p.grupoopcoes);
const opcoes = grupos.flatMap((g) => g.opcoes);

function est(id: number) {
  const e = demoEstablishments.find((x) => x.detalhe.id === id);
  if (!e) throw new Error(`no establishment ${id}`);
  return e;
}

function prod(idproduto: number): Produto {
  const p = produtos.find((x) => x.idproduto === idproduto);
  if (!p) throw new Error(`no product ${idproduto}`);
  return p;
}

/** The ids of a choice, found by the words a customer reads, so the test survives reordering. */
function pick(p: Produto, grupo: string, escolhas: Record<string, number>): [number, Record<number, number>] {
  const g: GrupoOpcao | undefined = p.grupoopcoes.find((x) => x.descricao === grupo);
  if (!g) throw new Error(`${p.descricao}: no group ${grupo}`);
  const out: Record<number, number> = {};
  for (const [desc, q] of Object.entries(escolhas)) {
    const o: Opcao | undefined = g.opcoes.find((x) => x.descricao === desc);
    if (!o) throw new Error(`${grupo}: no option ${desc}`);
    out[o.idopcao] = q;
  }
  return [g.idgrupoopcao, out];
}

function price(p: Produto, ...choices: [number, Record<number, number>][]) {
  return priceItem(p, { quantidade: 1, escolhas: Object.fromEntries(choices) });
}

function expectSharesAddUp(item: ReturnType<typeof priceItem>): void {
  for (const sub of item.subitens) {
    if (sub.stprecopraticado === 10) continue;
    expect(sub.sub_subitens.reduce((s, x) => s + x.preco_total, 0)).toBe(sub.preco);
  }
}

function unique(ids: number[]): void {
  expect(new Set(ids).size).toBe(ids.length);
}

describe('demo establishments', () => {
  it('match the wire schemas', () => {
    for (const e of demoEstablishments) {
      expect(() => estabelecimentoDetalheSchema.parse(e.detalhe)).not.toThrow();
      expect(() => menuSchema.parse(e.menu)).not.toThrow();
      expect(() => formasPgtoSchema.parse(e.formaspgto)).not.toThrow();
      expect(() => areasEntregaSchema.parse(e.areasEntrega)).not.toThrow();
      expect(e.detalhe.estabelecimento.id).toBe(e.detalhe.id);
      for (const a of e.areasEntrega) expect(a.idestabelecimento).toBe(e.detalhe.id);
    }
  });

  it('have ids unique across the whole seed', () => {
    unique(demoEstablishments.map((e) => e.detalhe.id));
    unique(demoEstablishments.flatMap((e) => e.menu.grupos.map((g) => g.idgrupo)));
    unique(produtos.map((p) => p.idproduto));
    unique(grupos.map((g) => g.idgrupoopcao));
    unique(opcoes.map((o) => o.idopcao));
    unique(demoEstablishments.flatMap((e) => e.formaspgto.map((f) => f.idformapgto)));
    unique(demoEstablishments.flatMap((e) => e.areasEntrega.map((a) => a.idareaentrega)));
  });

  it('give establishment 1 a full menu, every payment type and delivery circles', () => {
    const e = est(1);
    expect(e.menu.grupos.length).toBeGreaterThanOrEqual(8);
    expect(e.menu.grupos.flatMap((g) => g.produtos).length).toBeGreaterThanOrEqual(60);
    expect(new Set(e.formaspgto.map((f) => f.sttipopgto))).toEqual(new Set([0, 60, 61, 200]));
    expect(e.detalhe.lojaaberta).toBe(true);
    expect(e.detalhe.taxaentrega_set).toEqual([]);
    expect(e.areasEntrega.length).toBeGreaterThanOrEqual(2);
    expect(e.areasEntrega.some((a) => a.taxaentrega === null)).toBe(true);
    expect(e.areasEntrega.some((a) => a.valorminimo !== null && a.taxaentrega !== null)).toBe(true);
    expect(new Set(e.areasEntrega.map((a) => a.taxaentrega)).size).toBe(e.areasEntrega.length);
  });

  it('give establishment 2 evening hours past midnight and fees by neighbourhood', () => {
    const e = est(2);
    expect(e.areasEntrega).toEqual([]);
    const taxas = e.detalhe.taxaentrega_set;
    expect(taxas.length).toBeGreaterThanOrEqual(6);
    expect(taxas.find((t) => t.bairro === e.detalhe.estabelecimento.endereco.bairro)?.valor).toBe(0);
    expect(taxas.some((t) => t.abonotaxaentrega_set.some((a) => a.valorminimo === 80))).toBe(true);
    expect(e.detalhe.horariofuncionamento_set.some((h) => h.fechamento <= h.abertura)).toBe(true);
    expect(e.detalhe.horariofuncionamento_set.every((h) => h.abertura >= '18:00')).toBe(true);
    expect(new Set(e.formaspgto.map((f) => f.sttipopgto))).toEqual(new Set([0, 60, 200]));
  });

  it('use every price mode and option-group feature', () => {
    expect(new Set(grupos.map((g) => g.stprecopraticado))).toEqual(new Set([0, 1, 2, 3, 4, 10]));
    // Each establishment's own menu shows every price mode (the README says so of the demo).
    for (const e of demoEstablishments) {
      const modos = e.menu.grupos.flatMap((g) =>
        g.produtos.flatMap((p) => p.grupoopcoes.map((x) => x.stprecopraticado)),
      );
      expect(new Set(modos), e.detalhe.estabelecimento.apelidooufantasia).toEqual(
        new Set([0, 1, 2, 3, 4, 10]),
      );
    }
    const has = (f: (g: GrupoOpcao) => boolean) => expect(grupos.some(f)).toBe(true);
    has((g) => g.qtdinclusa > 0 && g.stprecopraticado === 0);
    has((g) => g.qtdmultiplomin > 0 && g.qtdmultiplomin === g.qtdmultiplomax);
    has((g) => g.qtdmultiplomin > 0 && g.qtdmultiplomin < g.qtdmultiplomax);
    has((g) => g.qtdmultiplomin > 0 && g.qtdmultiplomax === 0);
    has((g) => g.qtdmultiplomin === 0 && g.qtdmultiplomax > 0);
    has((g) => g.multiplo);
    has((g) => !g.multiplo && g.qtdmultiplomin === 1 && g.qtdmultiplomax === 1);
    has((g) => g.stnegagrupoopcao !== 0);
    has((g) => g.stindisponivel === 1);
    has((g) => g.stindisponivel === 2);

    const hasOp = (f: (o: Opcao) => boolean) => expect(opcoes.some(f)).toBe(true);
    hasOp((o) => o.qtdpadrao > 0);
    hasOp((o) => o.qtdmax > 0);
    hasOp((o) => o.valorafetaproduto !== 0 && o.stpercentualafetaproduto !== 0);
    hasOp((o) => o.valorafetaproduto !== 0 && o.stpercentualafetaproduto === 0);
    hasOp((o) => o.valorafetaopcao !== 0 && o.stpercentualafetaopcao !== 0);
    hasOp((o) => o.valorafetaopcao !== 0 && o.stpercentualafetaopcao === 0);
    hasOp((o) => o.valorafetatudo !== 0);
    hasOp((o) => o.stindisponivel === 1);
    hasOp((o) => o.stindisponivel === 2);
    hasOp((o) => o.precooferta > 0 && o.precooferta < o.preco);

    // The money adjustments of single-choice 'Tamanho' groups, in money and in percent.
    const tamanhos = grupos.filter((g) => g.descricao === 'Tamanho' && g.qtdmultiplomax === 1);
    const ajustes = tamanhos.flatMap((g) => g.opcoes).filter((o) => o.valorafetaproduto !== 0);
    expect(new Set(ajustes.map((o) => o.stpercentualafetaproduto))).toEqual(new Set([0, 1]));
  });

  it('has products on offer, unavailable, hidden, without description and without image', () => {
    const hasP = (f: (p: Produto) => boolean) => expect(produtos.some(f)).toBe(true);
    hasP((p) => p.precooferta > 0 && p.precooferta < p.preco);
    hasP((p) => p.stindisponivel === 1);
    hasP((p) => p.stindisponivel === 2);
    hasP((p) => p.detalhe === null);
    hasP((p) => p.imagem === null);
    for (const p of produtos) expect(Number.isInteger(Math.round(p.preco * 100))).toBe(true);
  });
});

describe('demo pictures', () => {
  it('exist on disk for every product and logo, as generate-images.ts draws them now', () => {
    const caminhos = [
      ...produtos.flatMap((p) => (p.imagem ? [p.imagem] : [])),
      ...demoEstablishments.flatMap((e) => [
        e.detalhe.logo,
        e.detalhe.estabelecimento.logo,
        e.detalhe.estabelecimento.imgpessoa,
      ]),
    ];
    for (const c of caminhos) {
      expect(c).toMatch(new RegExp(`^(${MEDIA_PRODUTOS}|${MEDIA_LOGOS})/[a-z0-9-]+\\.svg$`));
      const arquivo = join(MEDIA_DIR, c!.replace('/api/ead/media/', ''));
      expect(existsSync(arquivo), arquivo).toBe(true);
    }
    for (const [pasta, catalogo] of [
      ['produtos', PRODUCT_IMAGES] as const,
      ['logos', LOGO_IMAGES] as const,
    ]) {
      for (const nome of Object.keys(catalogo)) {
        const svg = readFileSync(join(MEDIA_DIR, pasta, `${nome}.svg`), 'utf8');
        // A boolean keeps a failure short: the message says what to do.
        expect(svg === drawImage(catalogo, nome), `${nome}.svg is stale: run generate-images.ts`).toBe(true);
        expect(svg.length, nome).toBeLessThan(6144);
        expect(svg).toContain('viewBox="0 0 400 400"');
        expect(svg).not.toMatch(/<text|href|url\((?!#)/);
      }
    }
  });
});

describe('the pricing engine on the demo data', () => {
  it('prices a half-and-half pizza by the average (MediaOpcao)', () => {
    const p = prod(2101);
    const item = price(
      p,
      pick(p, 'Tamanho', { 'Grande (8 fatias)': 1 }),
      pick(p, 'Escolha 2 sabores', { Calabresa: 1, Portuguesa: 1 }),
    );
    // 59,90 + average of +0,00 and +10,00.
    expect(item.preco_unit).toBe(5990 + 500);
    expectSharesAddUp(item);

    // 'Borda recheada de Catupiry' (+20 % on the other options) and 'Gigante' (+30 % of the base).
    const gigante = price(
      p,
      pick(p, 'Tamanho', { 'Gigante (12 fatias)': 1 }),
      pick(p, 'Escolha 2 sabores', { Calabresa: 1, Portuguesa: 1 }),
      pick(p, 'Borda', { 'Borda recheada de Catupiry': 1 }),
    );
    expect(gigante.preco_unit).toBe(5990 + 1797 + (0 + 1200) / 2 + 1200);
    expectSharesAddUp(gigante);
  });

  it('prices a three-flavour pizza by the dearest (MaiorOpcao) and a sweet one by the cheapest (MenorOpcao)', () => {
    const p = prod(2102);
    const item = price(
      p,
      pick(p, 'Escolha até 3 sabores', { Mussarela: 1, Pepperoni: 1, 'Quatro Queijos': 1 }),
    );
    expect(item.preco_unit).toBe(8490 + 1500);
    expect(item.subitens[0]!.sub_subitens.map((s) => s.preco_total)).toEqual([500, 500, 500]);
    expectSharesAddUp(item);

    const doce = prod(2103);
    const d = price(doce, pick(doce, 'Escolha 2 sabores', { Brigadeiro: 1, 'Chocolate com Morango': 1 }));
    expect(d.preco_unit).toBe(5690 + 600);
    expectSharesAddUp(d);
  });

  it('shares the Kit combo price among the chosen burger, side and drink', () => {
    const p = prod(1601);
    const item = price(
      p,
      pick(p, 'Escolha o lanche', { 'X-Bacon (+R$ 3,00)': 1 }),
      pick(p, 'Escolha o acompanhamento', { 'Onion rings': 1 }),
      pick(p, 'Escolha a bebida', { 'Suco natural de laranja 300 ml': 1 }),
    );
    expect(item.preco_unit).toBe(3990 + 300);
    const partes = item.subitens.flatMap((s) => s.sub_subitens.map((x) => x.preco_total));
    expect(partes.reduce((a, b) => a + b, 0)).toBe(4290);
    expect(partes[0]).toBeGreaterThan(partes[1]!);
    expect(partes[1]).toBeGreaterThan(partes[2]!);

    const duplo = prod(1602);
    const d = price(
      duplo,
      pick(duplo, 'Escolha 2 lanches', { 'X-Burger': 2 }),
      pick(duplo, 'Escolha 2 acompanhamentos', { 'Batata frita média': 1, 'Mandioca frita': 1 }),
      pick(duplo, 'Escolha 2 bebidas', { 'Coca-Cola lata 350 ml': 1, 'Guaraná Antarctica lata 350 ml': 1 }),
    );
    expect(d.subitens.flatMap((s) => s.sub_subitens).reduce((a, s) => a + s.preco_total, 0)).toBe(7490);
  });

  it('frees the included units, applies money adjustments, everything adjustments and ignored prices', () => {
    const acai = prod(1901);
    // 700 ml: +10,00 on the product and +1,00 on each complement; the 3 cheapest units are free.
    const a = price(
      acai,
      pick(acai, 'Tamanho', { '700 ml': 1 }),
      pick(acai, 'Complementos (3 inclusos)', { Granola: 2, Morango: 1, Nutella: 1 }),
    );
    expect(a.preco_unit).toBe(1690 + 1000 + (500 + 100));
    expectSharesAddUp(a);

    const pf = prod(1201);
    const b = price(
      pf,
      pick(pf, 'Acompanhamentos (2 inclusos)', { 'Arroz branco': 1, 'Batata frita': 1 }),
      pick(pf, 'Embalagem', { 'Marmita térmica reutilizável': 1 }),
    );
    expect(b.preco_unit).toBe(3290 + 400);
    expect(b.ajuste).toBe(400);

    const batata = prod(1301);
    const c = price(batata, pick(batata, 'Tamanho', { 'Meia porção (250 g)': 1 }));
    expect(c.preco_unit).toBe(2490 - 996);

    const salada = prod(1401);
    const s = price(
      salada,
      pick(salada, 'Base', { 'Alface americana': 1 }),
      pick(salada, 'Ingredientes (3 inclusos)', { Palmito: 1, Milho: 1, Pepino: 1, 'Queijo branco': 1 }),
      pick(salada, 'Molho', { Caesar: 1 }),
    );
    // The three cheapest units (Milho 2,00, Pepino 2,00, Queijo branco 4,00) are free; Palmito pays.
    expect(s.preco_unit).toBe(2290 + 500);

    const suco = prod(1706);
    const m = price(suco, pick(suco, 'Escolha 2 frutas', { Morango: 1, Kiwi: 1 }));
    expect(m.preco_unit).toBe(1290 + 300);
  });
});
