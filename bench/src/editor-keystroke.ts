/**
 * The menu editor's keystroke → live preview latency (issue 12) on a 200-option product with the
 * CPU slowed 4× (CDP): the production build on a fresh demo database, a product with one
 * 200-option group added to establishment 1 through the import API (its menu exported, the
 * product appended, imported back), the owner signed in at /painel/login and the product open in
 * 'Cardápio' at 1280 px (editor and preview side by side). Letters are typed one at a time at the
 * end of the product's name (or, BENCH_CAMPO=opcao / 'editor-keystroke-opcao' in run-all, of the
 * first option's name: its preview row is one of 200); per key: key event → the frame painted
 * after the preview shows the new text (a MutationObserver on the preview, then
 * requestAnimationFrame → a task posted from it, which runs after that frame). Target: p95 ≤ 100 ms.
 * To look inside a key: BENCH_PROFILE=f.cpuprofile (a CPU profile), BENCH_TRACE=1 (the main
 * thread's time per kind of work; BENCH_TRACE=f.json also keeps the events), BENCH_RENDERS=1 (the
 * components React rendered per key, and its commits), BENCH_CSS (a style added to the page, to
 * see what a part of it costs), BENCH_LAYERS=1 (the composited layers and element counts after
 * typing); BENCH_TEXT sets what is typed.
 */
import { FORMATO_CARDAPIO, type CardapioArquivo } from '@rango/domain/painel/catalogo';
import { GRUPO_OPCAO_PADRAO, OPCAO_PADRAO, type GrupoMenu } from '@rango/domain';
import { writeFileSync } from 'node:fs';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { ensureWebBuild, isMain, launchChromium, median, startServer } from './lib/server.ts';

const DONO = { email: 'dono@sabordavila.com.br', senha: 'painel-demo' };
const OPCOES = 200;
const NOME = 'Pizza de duzentos sabores';
const TEXTO = process.env.BENCH_TEXT ?? ' especial da casa grande';
const CPU = Number(process.env.BENCH_CPU ?? 4);
const TARGET_MS = 100;
/** BENCH_CAMPO: 'nome' (the product's name, default) or 'opcao' (the first option's name). */
const CAMPO_ENV: Campo = process.env.BENCH_CAMPO === 'opcao' ? 'opcao' : 'nome';
type Campo = 'nome' | 'opcao';
const OPCAO_ALVO = 'Sabor 1';

interface Tecla {
  t0: number;
  /** Key event → the preview's title changed, ms. */
  mutacao: number | null;
  /** Key event → the frame after that change painted, ms. */
  pintura: number | null;
}

/** Page script (a string: no bundler helpers in it) for BENCH_RENDERS. */
const CONTAR_RENDERS = `
  window.__renders = {};
  window.__contando = false;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      if (!window.__contando) return;
      const pilha = [root.current];
      const c = { t: Math.round(performance.now()), n: 0, radios: 0, nomes: {} };
      (window.__commits = window.__commits || []).push(c);
      while (pilha.length) {
        const f = pilha.pop();
        if ((f.flags & 1) && typeof f.type !== 'string' && f.type) {
          const t = f.type.type || f.type.render || f.type;
          const n = (f.type.displayName || t.displayName || t.name || '?');
          window.__renders[n] = (window.__renders[n] || 0) + 1;
          c.n++;
          c.nomes[n] = (c.nomes[n] || 0) + 1;
          if (n === '@mantine/core/Radio') c.radios++;
        }
        // A subtree React bailed out of keeps its old fibers (and their old flags): skip it.
        if (f.child && !(f.alternate && f.alternate.child === f.child)) pilha.push(f.child);
        if (f.sibling) pilha.push(f.sibling);
      }
    },
  };
`;

function percentil(valores: number[], p: number): number {
  const v = [...valores].sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  return v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)] ?? Number.NaN;
}

/** One category with one product whose only group has OPCOES options ('Maior opção', up to 2). */
function categoriaGrande(): GrupoMenu {
  const idgrupoopcao = 990_001;
  return {
    idgrupo: 990_001,
    descricao: 'Pizzas (benchmark)',
    produtos: [
      {
        idproduto: 990_001,
        descricao: NOME,
        detalhe: 'Escolha até dois sabores.',
        imagem: null,
        preco: 0,
        precooferta: 0,
        stindisponivel: 0,
        quantidade: 0,
        observacoes: null,
        grupoopcoes: [
          {
            ...GRUPO_OPCAO_PADRAO,
            idgrupoopcao,
            descricao: 'Sabores',
            qtdmultiplomin: 1,
            qtdmultiplomax: 2,
            stprecopraticado: 3,
            opcoes: Array.from({ length: OPCOES }, (_, i) => ({
              ...OPCAO_PADRAO,
              idopcao: 990_001 + i,
              descricao: `Sabor ${i + 1}`,
              detalhe: i % 3 === 0 ? 'Molho de tomate, mussarela e orégano.' : null,
              preco: 3990 + (i % 20) * 100,
            })),
          },
        ],
      },
    ],
  };
}

async function chamar(url: string, token: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as unknown;
}

export async function runEditorKeystroke(CAMPO: Campo = CAMPO_ENV): Promise<BenchResult> {
  ensureWebBuild();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    // The 200-option product, appended to the demo menu through export → import.
    const api = `${server.baseUrl}/api/ead`;
    const login = await fetch(`${api}/painel/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DONO),
    });
    if (!login.ok) throw new Error(`login do dono: HTTP ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const base = `${api}/painel/estabelecimento/1/cardapio`;
    const arquivo = (await chamar(`${base}/exportar/?formato=json`, access)) as CardapioArquivo;
    if (arquivo.formato !== FORMATO_CARDAPIO) throw new Error('exportação sem o formato do Rango');
    await chamar(`${base}/importar/`, access, { ...arquivo, grupos: [...arquivo.grupos, categoriaGrande()] });
    const menu = (await chamar(`${api}/api/estabelecimento/1/menu/`, access)) as {
      grupos: { produtos: { idproduto: number; descricao: string }[] }[];
    };
    const produto = menu.grupos.flatMap((c) => c.produtos).find((p) => p.descricao === NOME);
    if (!produto) throw new Error('o produto de 200 opções não está no cardápio');

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    // BENCH_RENDERS=1: which components render per key (a stand-in for React DevTools' hook
    // counts, per commit, the fibers whose function ran: the PerformedWork flag).
    if (process.env.BENCH_RENDERS) await page.addInitScript(CONTAR_RENDERS);
    await page.goto(`${server.baseUrl}/painel/login`);
    await page.getByLabel('E-mail').fill(DONO.email);
    await page.getByLabel(/^Senha/).fill(DONO.senha);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL((u) => /^\/painel\/\d+\/?$/.test(u.pathname), { timeout: 30_000 });
    await page.goto(`${server.baseUrl}/painel/1/cardapio?produto=${produto.idproduto}`);
    const nome = page.getByRole('region', { name: 'Dados do produto' }).getByLabel(/^Nome/);
    await nome.waitFor({ timeout: 30_000 });
    await page.getByText(`Opções (${OPCOES})`).waitFor({ timeout: 30_000 });
    await page.locator('#previa-titulo').getByText(NOME).waitFor();
    // The field typed in: the product's name, or (BENCH_CAMPO=opcao) the first option's name,
    // whose preview row is one of the 200 in the preview's group.
    const campo = CAMPO === 'opcao' ? page.getByLabel(/^Nome da opção/).first() : nome;
    const inicial = CAMPO === 'opcao' ? OPCAO_ALVO : NOME;
    // BENCH_CSS: a style added to the page first (to see what a part of the page costs a key).
    if (process.env.BENCH_CSS) await page.addStyleTag({ content: process.env.BENCH_CSS });
    await campo.click();
    await page.keyboard.press('End');
    // Let the first layout and idle work finish before measuring.
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    // BENCH_PROFILE=file.cpuprofile: a CPU profile of the typing (open it in Chromium's DevTools).
    const perfil = process.env.BENCH_PROFILE;
    if (perfil) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // BENCH_TRACE=1: the main thread's time per kind of work (script, style, layout, paint).
    const eventos: { name?: string; dur?: number; ph?: string }[] = [];
    if (process.env.BENCH_TRACE) {
      cdp.on('Tracing.dataCollected', (d) => eventos.push(...(d.value as typeof eventos)));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,blink.user_timing,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
    }

    const esperados = [...TEXTO].map((_, i) => inicial + TEXTO.slice(0, i + 1));
    await page.evaluate(
      ({ esperados, inicial, opcao }) => {
        const teclas: Tecla[] = [];
        (window as unknown as { __teclas: Tecla[] }).__teclas = teclas;
        const previa = document.getElementById('previa-titulo')?.closest('section');
        if (!previa) throw new Error('sem a prévia');
        // What shows the typed text in the preview: its title, or the option's label (the span
        // whose own text is the option's name).
        const alvoInicial = opcao
          ? [...previa.querySelectorAll('span')].find((s) => s.firstChild?.textContent === inicial)
          : document.getElementById('previa-titulo');
        if (!alvoInicial) throw new Error(`a prévia não mostra '${inicial}'`);
        const alvo = alvoInicial;
        (window as unknown as { __contando: boolean }).__contando = true;
        document.addEventListener(
          'keydown',
          (e) => teclas.push({ t0: e.timeStamp, mutacao: null, pintura: null }),
          true,
        );
        new MutationObserver(() => {
          const n = teclas.length - 1;
          const t = teclas[n];
          // (Inline, not a helper function: tsx would wrap a named one in __name, unknown in the page.)
          const texto = opcao ? (alvo.firstChild?.textContent ?? '') : (alvo.textContent ?? '');
          if (!t || t.mutacao !== null || texto !== esperados[n]) return;
          t.mutacao = performance.now() - t.t0;
          requestAnimationFrame(() => {
            // A task posted from rAF runs after that frame is painted.
            const canal = new MessageChannel();
            canal.port1.onmessage = () => {
              t.pintura = performance.now() - t.t0;
            };
            canal.port2.postMessage(null);
          });
        }).observe(previa, { subtree: true, childList: true, characterData: true });
      },
      { esperados, inicial, opcao: CAMPO === 'opcao' },
    );

    for (const [i, letra] of [...TEXTO].entries()) {
      await page.keyboard.press(letra === ' ' ? 'Space' : letra);
      await page.waitForFunction(
        (n) => {
          const t = (window as unknown as { __teclas: Tecla[] }).__teclas[n];
          return t?.pintura != null;
        },
        i,
        { timeout: 30_000, polling: 20 },
      );
      // A person's pace: the next key after this one's work is done.
      await page.waitForTimeout(120);
    }
    const teclas = await page.evaluate(() => (window as unknown as { __teclas: Tecla[] }).__teclas);
    if (process.env.BENCH_LAYERS) {
      const camadas = new Promise<{
        layers?: {
          layerId: string;
          backendNodeId?: number;
          width: number;
          height: number;
          drawsContent: boolean;
        }[];
      }>((r) => cdp.once('LayerTree.layerTreeDidChange', r));
      await cdp.send('LayerTree.enable');
      const { layers = [] } = await camadas;
      console.log(
        `  camadas: ${layers.length}, com conteúdo: ${layers.filter((l) => l.drawsContent).length}`,
      );
      console.log(
        '  elementos:',
        await page.evaluate(() => ({
          pagina: document.querySelectorAll('*').length,
          nav: document.querySelectorAll('nav[aria-label="Categorias e produtos"] *').length,
          navLi: document.querySelectorAll('nav[aria-label="Categorias e produtos"] li').length,
          previa: document.querySelectorAll(
            '.' +
              CSS.escape(
                document.getElementById('previa-titulo')!.closest('section')!.parentElement!.className,
              ) +
              ' *',
          ).length,
        })),
      );
      for (const l of layers.filter((x) => x.drawsContent).slice(0, 40)) {
        let nome = '';
        if (l.backendNodeId) {
          const d = await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId }).catch(() => null);
          nome = d ? `${d.node.nodeName} ${(d.node.attributes ?? []).join(' ').slice(0, 80)}` : '';
        }
        console.log(`    ${l.width}x${l.height} ${nome}`);
      }
    }
    if (process.env.BENCH_RENDERS) {
      const renders = await page.evaluate(
        () => (window as unknown as { __renders: Record<string, number> }).__renders,
      );
      const top = Object.entries(renders)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25);
      console.log(`  renders por tecla (${TEXTO.length} teclas):`);
      const commits = await page.evaluate(() => (window as unknown as { __commits: unknown[] }).__commits);
      console.log(
        '  commits:',
        JSON.stringify(commits.slice(0, 20), (k, v) => (k === 'nomes' ? undefined : v)),
      );
      // The components of each commit of the second key (by name, most rendered first).
      for (const c of (commits as { t: number; nomes: Record<string, number> }[]).slice(3, 6))
        console.log(
          `  commit ${c.t}:`,
          Object.entries(c.nomes)
            .sort((a, b) => b[1] - a[1])
            .map(([n, k]) => `${n.replace('@mantine/core/', '')}×${k}`)
            .join(' '),
        );
      for (const [n, c] of top) console.log(`    ${(c / TEXTO.length).toFixed(1).padStart(7)} ${n}`);
    }
    if (process.env.BENCH_TRACE) {
      const fim = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await fim;
      // BENCH_TRACE=file.json also keeps the raw events (open it in DevTools' Performance panel).
      if (process.env.BENCH_TRACE.endsWith('.json'))
        writeFileSync(process.env.BENCH_TRACE, JSON.stringify({ traceEvents: eventos }));
      const soma = new Map<string, number>();
      for (const e of eventos)
        if (e.ph === 'X' && e.dur && e.name) soma.set(e.name, (soma.get(e.name) ?? 0) + e.dur / 1000);
      const top = [...soma].sort((a, b) => b[1] - a[1]).slice(0, 40);
      console.log('  rastro (ms somados, todas as threads):');
      for (const [n, ms] of top) console.log(`    ${Math.round(ms).toString().padStart(7)} ${n}`);
    }
    if (perfil) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(perfil, JSON.stringify(profile));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (CAMPO === 'opcao') {
      await page
        .locator('#previa-titulo')
        .locator('xpath=ancestor::section')
        .getByText(`${OPCAO_ALVO}${TEXTO}`)
        .waitFor();
    } else {
      const titulo = await page.locator('#previa-titulo').innerText();
      if (titulo !== `${NOME}${TEXTO}`) throw new Error(`a prévia mostra '${titulo}'`);
    }

    const pinturas = teclas.map((t) => Math.round(t.pintura ?? Number.NaN));
    const p50 = median(pinturas);
    const p95 = percentil(pinturas, 95);
    const pior = Math.max(...pinturas);
    console.log(
      `\nEditor do cardápio: produto com ${OPCOES} opções, CPU ${CPU}× mais lenta, ${teclas.length} teclas no nome ${CAMPO === 'opcao' ? `da opção '${OPCAO_ALVO}'` : 'do produto'} (1280 px)`,
    );
    console.log(`  tecla→prévia pintada (ms): ${pinturas.join(', ')}`);
    console.log(`  p50 ${p50} ms, p95 ${p95} ms, pior ${pior} ms (meta p95 ≤ ${TARGET_MS} ms)`);
    const mutacoes = teclas.map((t) => Math.round(t.mutacao ?? Number.NaN));
    console.log(`  tecla→texto da prévia mudou (antes de pintar): p50 ${median(mutacoes)} ms`);
    const result: BenchResult = {
      bench: CAMPO === 'opcao' ? 'editor-keystroke-opcao' : 'editor-keystroke',
      figures: [
        {
          name: CAMPO === 'opcao' ? 'tecla no nome da opção→prévia, p95' : 'tecla→prévia, p95',
          value: p95,
          unit: 'ms',
          target: `≤ ${TARGET_MS} ms`,
          ok: p95 <= TARGET_MS,
        },
        { name: 'tecla→prévia, p50', value: p50, unit: 'ms', target: 'informativo', ok: true },
        { name: 'tecla→prévia, pior', value: pior, unit: 'ms', target: 'informativo', ok: true },
      ],
      details: { opcoes: OPCOES, cpu: CPU, campo: CAMPO, texto: TEXTO, teclas },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runEditorKeystroke();
