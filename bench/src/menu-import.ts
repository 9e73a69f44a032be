/**
 * Importing a 2,000-product menu (issue 12's import/export, docs/cardapio-importacao.md) on
 * SQLite: the production build on a fresh demo database, an owner signed in through the API, a
 * new empty establishment (POST /painel/estabelecimentos/), then the JSON file of the customer
 * search benchmark's generated menu (20 categories × 100 products, every 10th product with a
 * 3-option group) sent to …/cardapio/importar/?dry_run=1 and then applied, each timed (median of
 * BENCH_IMPORT_ROUNDS dry runs; one apply; the menu exported then sent back — nothing to change). Right
 * after, the new menu's GET throughput with autocannon (as menu-throughput does for the demo).
 */
import autocannon from 'autocannon';
import { FORMATO_CARDAPIO, type CardapioArquivo } from '@rango/domain/painel/catalogo';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { isMain, median, startServer } from './lib/server.ts';
import { generateEstablishment } from './search-keystroke.ts';

const DONO = { email: 'dono@sabordavila.com.br', senha: 'painel-demo' };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
/** What an owner waits for at most, dry run or apply (informative target). */
const TARGET_MS = 5000;

async function chamar(
  url: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; data: unknown }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as unknown) : null };
}

function esperar(r: { status: number; data: unknown }, status: number, o_que: string): void {
  if (r.status !== status)
    throw new Error(`${o_que}: HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 500)}`);
}

/** The search benchmark's 2,000 products as an import file (ids far from the demo's). */
export function arquivoGrande(): CardapioArquivo {
  const { menu } = generateEstablishment();
  const grupos = menu.grupos.map((c) => ({
    ...c,
    idgrupo: c.idgrupo + 900_000,
    produtos: c.produtos.map((p) => ({ ...p, idproduto: p.idproduto + 900_000 })),
  }));
  return { formato: FORMATO_CARDAPIO, versao: 1, grupos, gruposopcao_avulsos: [] };
}

interface Resposta {
  aplicado: boolean;
  alteracoes: { acao: string }[];
  menu_versao: number | null;
}

export async function runMenuImport(): Promise<BenchResult> {
  const server = await startServer();
  try {
    const api = `${server.baseUrl}/api/ead`;
    const login = await chamar(`${api}/painel/auth/login/`, { body: DONO });
    esperar(login, 200, 'login do dono');
    const token = (login.data as { access: string }).access;
    const novo = await chamar(`${api}/painel/estabelecimentos/`, {
      token,
      body: {
        apelidooufantasia: 'Cardápio Gigante',
        nomeourazaosocial: 'Cardápio Gigante Ltda.',
        endereco: {
          rua: 'Rua Augusta',
          numero: '1000',
          bairro: 'Consolação',
          complemento: null,
          cep: '01304-001',
          cidade: 'São Paulo',
          uf: 'SP',
        },
        fones: ['(11) 3000-0000'],
        pedidominimo: 0,
        previsaoentregamin: 30,
        previsaoentregamax: 50,
      },
    });
    esperar(novo, 201, 'novo estabelecimento');
    const id = (novo.data as { id: number }).id;
    const arquivo = arquivoGrande();
    const corpo = JSON.stringify(arquivo);
    const produtos = arquivo.grupos.reduce((n, c) => n + c.produtos.length, 0);
    const importar = `${api}/painel/estabelecimento/${id}/cardapio/importar/`;

    const tempo = async (url: string, texto = corpo): Promise<{ ms: number; r: Resposta }> => {
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: texto,
      });
      const text = await res.text();
      const ms = Math.round(performance.now() - t0);
      if (res.status !== 200) throw new Error(`importar: HTTP ${res.status} ${text.slice(0, 500)}`);
      return { ms, r: JSON.parse(text) as Resposta };
    };

    const secos: number[] = [];
    let mudancas = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, r } = await tempo(`${importar}?dry_run=1`);
      if (r.aplicado) throw new Error('dry_run gravou');
      mudancas = r.alteracoes.length;
      secos.push(ms);
    }
    const aplicar = await tempo(importar);
    if (!aplicar.r.aplicado) throw new Error('a importação não foi aplicada');
    // The menu exported now (the database's ids) sent back: nothing to change.
    const exportado = await chamar(`${api}/painel/estabelecimento/${id}/cardapio/exportar/?formato=json`, {
      token,
    });
    esperar(exportado, 200, 'exportar');
    const igual = await tempo(importar, JSON.stringify(exportado.data));
    if (igual.r.alteracoes.length !== 0)
      throw new Error(`o cardápio exportado de volta mudaria ${igual.r.alteracoes.length} coisas`);

    const menuUrl = `${api}/api/estabelecimento/${id}/menu/`;
    const menu = await fetch(menuUrl);
    const bytes = (await menu.arrayBuffer()).byteLength;
    const lidos = (JSON.parse(await (await fetch(menuUrl)).text()) as { grupos: { produtos: unknown[] }[] })
      .grupos;
    const noMenu = lidos.reduce((n, c) => n + c.produtos.length, 0);
    if (noMenu !== produtos) throw new Error(`o cardápio tem ${noMenu} produtos, o arquivo ${produtos}`);

    const medir = async (headers: Record<string, string>, duration: number) => {
      const r = await autocannon({ url: menuUrl, connections: CONNECTIONS, duration, headers });
      if (r.errors > 0 || r.non2xx > 0) throw new Error(`${menuUrl}: ${r.errors} erros, ${r.non2xx} não-2xx`);
      return Math.round(r.requests.average);
    };
    await medir({}, 3);
    const rps = await medir({}, DURATION);
    const rpsGzip = await medir({ 'accept-encoding': 'gzip' }, DURATION);

    console.log(
      `\nImportação de ${produtos} produtos (${(corpo.length / 1024).toFixed(0)} KiB de JSON, ${mudancas} mudanças) num estabelecimento novo, SQLite`,
    );
    console.log(
      `  dry run: ${secos.join(', ')} ms; aplicar: ${aplicar.ms} ms; o exportado de volta (nada muda): ${igual.ms} ms`,
    );
    console.log(
      `  GET do cardápio logo depois (${(bytes / 1024).toFixed(0)} KiB): ${rps} req/s; com gzip ${rpsGzip} req/s (${CONNECTIONS} conexões, ${DURATION} s)`,
    );
    const seco = median(secos);
    const result: BenchResult = {
      bench: 'menu-import',
      figures: [
        {
          name: `dry run, ${produtos} produtos (mediana)`,
          value: seco,
          unit: 'ms',
          target: `≤ ${TARGET_MS} ms`,
          ok: seco <= TARGET_MS,
        },
        {
          name: `aplicar, ${produtos} produtos`,
          value: aplicar.ms,
          unit: 'ms',
          target: `≤ ${TARGET_MS} ms`,
          ok: aplicar.ms <= TARGET_MS,
        },
        {
          name: 'reimportar o exportado (nada muda)',
          value: igual.ms,
          unit: 'ms',
          target: 'informativo',
          ok: true,
        },
        { name: 'GET do cardápio importado', value: rps, unit: 'req/s', target: 'informativo', ok: true },
        {
          name: 'GET do cardápio importado, gzip',
          value: rpsGzip,
          unit: 'req/s',
          target: 'informativo',
          ok: true,
        },
      ],
      details: {
        produtos,
        bytesArquivo: corpo.length,
        bytesMenu: bytes,
        mudancas,
        secos,
        aplicar: aplicar.ms,
        igual: igual.ms,
        alteracoesIgual: igual.r.alteracoes.length,
        connections: CONNECTIONS,
        duration: DURATION,
      },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runMenuImport();
