import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PAINEL_BASE } from '../paths.ts';
import { GuestOnly, RequireDono, RequireStaff } from './guards.tsx';
import { EstabelecimentoGate, PainelLayout } from './layout.tsx';
import { PublicLayout } from './public-layout.tsx';

// Every page is its own chunk: the sign-in page does not carry the queue, nor the queue the
// back office.
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RecuperarPage = lazy(() => import('../features/auth/recuperar-page.tsx'));
const CadastroPage = lazy(() => import('../features/auth/cadastro-page.tsx'));
const LinkPage = lazy(() => import('../features/auth/link-page.tsx'));
const EscolherPage = lazy(() => import('../features/escolher/escolher-page.tsx'));
const FilaPage = lazy(() => import('../features/fila/fila-page.tsx'));
const EmFaltaPage = lazy(() => import('../features/em-falta/em-falta-page.tsx'));
const EquipePage = lazy(() => import('../features/equipe/equipe-page.tsx'));
const ConfiguracoesPage = lazy(() => import('../features/configuracoes/configuracoes-page.tsx'));
const CardapioPage = lazy(() => import('../features/cardapio/cardapio-page.tsx'));
const LojaPage = lazy(() => import('../features/loja/loja-page.tsx'));
const CuponsPage = lazy(() => import('../features/cupons/cupons-page.tsx'));
const CardapioArquivoPage = lazy(() => import('../features/cardapio/importar/importar-page.tsx'));
const HistoricoPage = lazy(() => import('../features/historico/historico-page.tsx'));
const RelatoriosPage = lazy(() => import('../features/relatorios/relatorios-page.tsx'));
const AvaliacoesPage = lazy(() => import('../features/avaliacoes/avaliacoes-page.tsx'));
const IntegracoesPage = lazy(() => import('../features/integracoes/integracoes-page.tsx'));
const PagamentosPage = lazy(() => import('../features/pagamentos/pagamentos-page.tsx'));
const NotificacoesPage = lazy(() => import('../features/notificacoes/notificacoes-page.tsx'));
const NovoEstabelecimentoPage = lazy(() => import('../features/loja/novo-page.tsx'));
const SairPage = lazy(() => import('../features/convites/sair-page.tsx'));
const NaoEncontradaPage = lazy(() => import('../features/escolher/nao-encontrada-page.tsx'));

/** The panel's routes, under /painel (the server answers every /painel/* with painel.html). */
export function PainelRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route
          path="login"
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path="recuperar"
          element={
            <GuestOnly>
              <RecuperarPage />
            </GuestOnly>
          }
        />
        <Route
          path="cadastro"
          element={
            <GuestOnly>
              <CadastroPage />
            </GuestOnly>
          }
        />
        {/* Not guest-only: an invitation opened while signed in as someone else still works. */}
        <Route path="convite/:token" element={<LinkPage tipo="convite" />} />
        <Route path="senha/:token" element={<LinkPage tipo="senha" />} />
        <Route path="cadastro/:token" element={<LinkPage tipo="cadastro" />} />
      </Route>
      <Route element={<RequireStaff />}>
        <Route element={<PainelLayout />}>
          <Route index element={<EscolherPage />} />
          <Route path="novo" element={<NovoEstabelecimentoPage />} />
          <Route path=":id" element={<EstabelecimentoGate />}>
            <Route index element={<FilaPage />} />
            <Route path="em-falta" element={<EmFaltaPage />} />
            <Route path="sair" element={<SairPage />} />
            <Route
              path="equipe"
              element={
                <RequireDono>
                  <EquipePage />
                </RequireDono>
              }
            />
            <Route
              path="configuracoes"
              element={
                <RequireDono>
                  <ConfiguracoesPage />
                </RequireDono>
              }
            />
            <Route
              path="cardapio"
              element={
                <RequireDono>
                  <CardapioPage />
                </RequireDono>
              }
            />
            <Route
              path="loja"
              element={
                <RequireDono>
                  <LojaPage />
                </RequireDono>
              }
            />
            <Route
              path="cupons"
              element={
                <RequireDono>
                  <CuponsPage />
                </RequireDono>
              }
            />
            <Route
              path="cardapio/arquivo"
              element={
                <RequireDono>
                  <CardapioArquivoPage />
                </RequireDono>
              }
            />
            <Route
              path="avaliacoes"
              element={
                <RequireDono>
                  <AvaliacoesPage />
                </RequireDono>
              }
            />
            <Route
              path="historico"
              element={
                <RequireDono>
                  <HistoricoPage />
                </RequireDono>
              }
            />
            <Route
              path="relatorios"
              element={
                <RequireDono>
                  <RelatoriosPage />
                </RequireDono>
              }
            />
            <Route
              path="integracoes"
              element={
                <RequireDono>
                  <IntegracoesPage />
                </RequireDono>
              }
            />
            <Route
              path="pagamentos"
              element={
                <RequireDono>
                  <PagamentosPage />
                </RequireDono>
              }
            />
            <Route
              path="notificacoes"
              element={
                <RequireDono>
                  <NotificacoesPage />
                </RequireDono>
              }
            />
            <Route path="*" element={<NaoEncontradaPage />} />
          </Route>
          <Route path="*" element={<NaoEncontradaPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function PainelRouter() {
  return (
    <BrowserRouter basename={PAINEL_BASE}>
      <PainelRoutes />
    </BrowserRouter>
  );
}
