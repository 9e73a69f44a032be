import { PAPEL_NOME, MSG_PAINEL } from '@rango/domain/painel';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { Link, NavLink, Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '../../shared/components/logo.tsx';
import { SkipLink } from '../../shared/components/skip-link.tsx';
import { logout } from '../api/auth.ts';
import { useEu } from '../api/eu.ts';
import { Disclosure, itemClass, itemInfoClass, itemPerigoClass } from '../components/disclosure.tsx';
import { ErroCarga } from '../components/erro-carga.tsx';
import { PageErrorBoundary } from '../components/error-boundary.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { painelPaths } from '../paths.ts';
import { EstabelecimentoContext, type EstabelecimentoAtual } from '../lib/estabelecimento-atual.ts';
import classes from './layout.module.css';
import { SECOES, SECOES_VISIVEIS, secoesDe } from './secoes.ts';
import type { Secao } from './secoes.ts';
import { useEstabelecimentoDaRota } from './use-estabelecimento-da-rota.ts';
import { TITULO_AVISO } from '../components/aviso.ts';

export const MAIN_ID = 'conteudo';

// Shown only while the platform has not approved the establishment: not in the sign-in chunk.
const AvisoAprovacao = lazy(() => import('./aviso-aprovacao.tsx'));

/** The same section of another establishment, when the person may see it there. */
function mesmaSecao(pathname: string, destino: { id: number; papel: string }): string {
  const segmento = /^\/\d+\/([^/]+)/.exec(pathname)?.[1];
  const secao = secoesDe(destino.papel).find((s) => s.segmento !== '' && s.segmento === segmento);
  return (secao ?? SECOES[0]!).caminho(destino.id);
}

function Switcher({ est }: { est: EstabelecimentoAtual }) {
  const eu = useEu();
  const { pathname } = useLocation();
  const lista = eu.data?.estabelecimentos ?? [];
  if (lista.length < 2) {
    return <span className={classes.estabelecimento}>{est.nome}</span>;
  }
  return (
    <Disclosure
      align="left"
      label={<span className={classes.estabelecimentoTexto}>{est.nome}</span>}
      ariaLabel={`Estabelecimento: ${est.nome}. Trocar de estabelecimento`}
      listLabel="Seus estabelecimentos"
    >
      {lista.map((e) => (
        <li key={e.id}>
          <Link
            className={itemClass}
            to={mesmaSecao(pathname, e)}
            aria-current={e.id === est.id ? 'page' : undefined}
          >
            {e.apelidooufantasia} ({PAPEL_NOME[e.papel]})
          </Link>
        </li>
      ))}
    </Disclosure>
  );
}

function UserMenu({ est }: { est: EstabelecimentoAtual | null }) {
  const eu = useEu();
  const navigate = useNavigate();
  const nome = eu.data?.nome ?? 'Conta';
  const sair = async () => {
    await logout();
    void navigate(painelPaths.login, { replace: true });
  };
  return (
    <Disclosure
      label={
        <>
          <IconUserCircle size={22} aria-hidden="true" />
          <span className={classes.nomeUsuario}>{nome}</span>
        </>
      }
      ariaLabel={`Conta: ${nome}`}
      listLabel="Sua conta"
    >
      {eu.data ? (
        <li className={itemInfoClass}>
          {eu.data.nome}
          <br />
          {eu.data.email}
        </li>
      ) : null}
      <li>
        <Link className={itemClass} to={painelPaths.novoEstabelecimento}>
          Novo estabelecimento
        </Link>
      </li>
      {est ? (
        <li>
          <Link className={itemClass} to={painelPaths.sair(est.id)}>
            Sair deste estabelecimento
          </Link>
        </li>
      ) : null}
      <li>
        <button type="button" className={itemPerigoClass} onClick={() => void sair()}>
          <IconLogout size={18} aria-hidden="true" />
          Sair
        </button>
      </li>
    </Disclosure>
  );
}

/** The widths where fewer sections fit in one row (secoes.ts SECOES_VISIVEIS). */
const ESTREITO = '(max-width: 47.99em)';
const MEDIO = '(max-width: 79.99em)';

function Nav({ est }: { est: EstabelecimentoAtual }) {
  const { pathname } = useLocation();
  const estreito = useMediaQuery(ESTREITO, false, { getInitialValueInEffect: false });
  const medio = useMediaQuery(MEDIO, false, { getInitialValueInEffect: false });
  const secoes = secoesDe(est.papel);
  const cabem = estreito ? SECOES_VISIVEIS.estreito : medio ? SECOES_VISIVEIS.medio : SECOES_VISIVEIS.largo;
  // 'Mais' only when it hides two or more (one more section fits where 'Mais' would be).
  const corte = secoes.length > cabem + 1 ? cabem : secoes.length;
  const visiveis = secoes.slice(0, corte);
  const mais = secoes.slice(corte);
  const ativa = (s: Secao) =>
    matchPath({ path: s.caminho(est.id), end: s.exato ?? false }, pathname) !== null;
  const atualNoMais = mais.find(ativa);
  return (
    <nav aria-label="Seções do painel" className={classes.nav}>
      <ul className={classes.navLista}>
        {visiveis.map((s) => (
          <li key={s.segmento}>
            <NavLink to={s.caminho(est.id)} end={s.exato ?? false} className={classes.navLink}>
              {s.rotulo}
            </NavLink>
          </li>
        ))}
        {mais.length > 0 ? (
          <li>
            {/* A disclosure like the account's, not Mantine's Menu: its positioning library
                (floating-ui) added 30 KiB gzip to the sign-in page's entry. */}
            <Disclosure
              label="Mais"
              ariaLabel={atualNoMais ? `Mais seções (atual: ${atualNoMais.rotulo})` : 'Mais seções'}
              listLabel="Mais seções"
              buttonClassName={`${classes.navLink} ${classes.mais}`}
              ativa={atualNoMais !== undefined}
            >
              {mais.map((s) => (
                <li key={s.segmento}>
                  <Link
                    className={`${itemClass} ${classes.maisItem}`}
                    to={s.caminho(est.id)}
                    aria-current={ativa(s) ? 'page' : undefined}
                  >
                    {s.rotulo}
                  </Link>
                </li>
              ))}
            </Disclosure>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * The signed-in panel's frame: skip link, header (establishment and its switcher, sections,
 * account with 'Sair'), and the <main> that each page fills. The sections appear on
 * /painel/:id once the id is known to be one of the person's establishments.
 */
export function PainelLayout() {
  const rota = useEstabelecimentoDaRota();
  const { pathname } = useLocation();
  const est = rota.estado === 'ok' ? rota.est : null;
  return (
    <div className={classes.shell}>
      <SkipLink target={MAIN_ID} />
      <header className={classes.header}>
        <div className={classes.barra}>
          <Link
            to={painelPaths.inicio}
            className={classes.marca}
            aria-label="Rango Painel: seus estabelecimentos"
          >
            <LogoMark size={28} />
            <span className={classes.marcaTexto}>Painel</span>
          </Link>
          {est ? <Switcher est={est} /> : null}
          <div className={classes.espaco} />
          <UserMenu est={est} />
        </div>
        {est ? <Nav est={est} /> : null}
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}

/** /painel/:id/…: the pages run only for one of the person's establishments. */
export function EstabelecimentoGate() {
  const rota = useEstabelecimentoDaRota();
  switch (rota.estado) {
    case 'ok':
      return (
        <EstabelecimentoContext.Provider value={rota.est}>
          <Suspense fallback={null}>
            <AvisoAprovacao idest={rota.est.id} />
          </Suspense>
          <Outlet />
        </EstabelecimentoContext.Provider>
      );
    case 'carregando':
    case 'nenhum':
      return <PageLoader />;
    case 'erro':
      return (
        <Stack className={classes.pagina}>
          <PageTitle>Painel</PageTitle>
          <ErroCarga error={rota.error} onRetry={rota.refetch} />
        </Stack>
      );
    case 'sem-acesso':
      return (
        <Stack className={classes.pagina}>
          <PageTitle>Sem acesso</PageTitle>
          <Alert color="yellow" variant="light" styles={TITULO_AVISO} title={MSG_PAINEL.semAcesso}>
            <Anchor component={Link} to={painelPaths.inicio}>
              Ver seus estabelecimentos
            </Anchor>
          </Alert>
        </Stack>
      );
  }
}
