import '../../../components/overlay-styles.ts';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Container, Paper, Stack, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { isStoreOpen, textoTaxaEntrega } from '@rango/domain';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useMarca } from '../../../api/marca.ts';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getVisitedEstablishmentPath } from '../../../storage/visited.ts';
import { useCart, type CartEstablishment } from '../../../stores/cart.ts';
import { AgendamentoSection } from '../components/agendamento-section.tsx';
import { AvisosCanais } from '../components/avisos-canais.tsx';
import { ErrosPedidoModal, SemEntregaModal, TaxaEntregaModal } from '../components/avisos-modais.tsx';
import { CheckoutCarregando, CheckoutErro } from '../components/checkout-estados.tsx';
import { CupomDrawer } from '../components/cupom-drawer.tsx';
import { EntregaSection } from '../components/entrega-section.tsx';
import { FinalizarButton } from '../components/finalizar-button.tsx';
import { ObservacoesField } from '../components/observacoes-field.tsx';
import { PagamentoSection } from '../components/pagamento-section.tsx';
import classes from '../components/pagamento.module.css';
import { ID_PEDIDO_MINIMO, ResumoPedido } from '../components/resumo-pedido.tsx';
import { TelefoneModal } from '../components/telefone-modal.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';

const FORM_ID = 'pagamento-form';

const digitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/**
 * /pagamento (spec sections 2, 5, 8): the order summary, the coupon drawer, when, delivery or
 * pickup, observations, payment on delivery or online, and 'Finalizar'. An empty cart goes back
 * to its establishment, else to the last visited one, else home.
 */
export default function PagamentoPage() {
  useDocumentTitle('Pagamento');
  const cart = useCart();
  // Set just before the cart is emptied on success (or 'Limpar Carrinho'): the page is leaving,
  // so the empty cart must not redirect to the menu on the way.
  const [saindo, setSaindo] = useState(false);
  const est = cart.estabelecimento;
  if (saindo) return null;
  if (!est || cart.itens.length === 0) {
    return (
      <Navigate
        replace
        to={est ? paths.estabelecimento(est.id) : (getVisitedEstablishmentPath() ?? paths.home)}
      />
    );
  }
  return <Checkout key={est.id} est={est} onSaindo={() => setSaindo(true)} />;
}

/** The page composes; useCheckout owns the state and the submission. */
function Checkout({ est, onSaindo }: { est: CartEstablishment; onSaindo: () => void }) {
  const c = useCheckout(est, onSaindo);
  // Issue 23: the cart's restaurant's brand (a shell loaded here on the platform's host is Rango's).
  useMarca(est.id);
  const { form, detalhe, cliente, taxa, totals } = c;
  // Offline (the installed app, issue 14) nothing is sent: the order and the payment need the
  // network. The form keeps what was typed for when the connection is back.
  const { online } = useNetwork();
  return (
    <Container size="lg">
      <Title order={1} mb="md">
        Pagamento
      </Title>
      {!online ? (
        <Alert
          color="gray"
          variant="light"
          role="alert"
          title="Sem conexão com a internet"
          icon={<IconWifiOff size={18} aria-hidden />}
        >
          O pedido e o pagamento precisam de conexão. Conecte-se à internet para finalizar; o seu carrinho
          continua guardado.
        </Alert>
      ) : c.erro && !c.carregando ? (
        <CheckoutErro erro={c.erro} onTentarDeNovo={c.tentarDeNovo} />
      ) : c.carregando || !detalhe || !cliente ? (
        <CheckoutCarregando />
      ) : (
        <div className={classes.layout}>
          <form id={FORM_ID} noValidate onSubmit={c.finalizar} aria-label="Dados do pedido">
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <AgendamentoSection
                  form={form}
                  horarios={detalhe.horariofuncionamento_set}
                  excecoes={detalhe.horarioexcecao_set}
                  agora={c.agora}
                  lojaAberta={isStoreOpen(detalhe, c.agora)}
                  previsao={{ min: detalhe.previsaoentregamin, max: detalhe.previsaoentregamax }}
                />
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Stack gap="md">
                  <EntregaSection
                    form={form}
                    endereco={c.endereco}
                    taxa={taxa.estado(totals.entregaGratis)}
                    enderecoEstabelecimento={detalhe.estabelecimento.endereco}
                  />
                  <ObservacoesField form={form} />
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <AvisosCanais escolha={c.avisos.escolha} onEscolha={c.avisos.escolher} />
              </Paper>
              <Paper withBorder radius="md" p="md">
                <PagamentoSection
                  form={form}
                  formas={c.formas}
                  total={totals.total}
                  onTrocoBlur={c.validarTroco}
                  cartao={c.cartao}
                  cartoes={c.estadoCartoes}
                  progresso={c.progresso}
                  cvvSalvo={c.cvvSalvo}
                  tokenizacaoCarregando={c.tokenizacaoCarregando}
                />
              </Paper>
            </Stack>
          </form>

          <div className={classes.resumo}>
            <ResumoPedido
              cart={c.cart}
              nomeEstabelecimento={detalhe.estabelecimento.apelidooufantasia}
              totals={totals}
              mostrarTaxa={taxa.mostrar}
              onCupom={c.cupom.abrir}
              finalizar={
                <FinalizarButton
                  form={FORM_ID}
                  ocupado={c.ocupado}
                  pedidoMinimo={totals.pedidoMinimoFaltando !== null ? ID_PEDIDO_MINIMO : null}
                />
              }
            />
          </div>

          <CupomDrawer opened={c.cupom.aberto} onClose={c.cupom.fechar} idEstabelecimento={est.id} />
          <TaxaEntregaModal
            opened={taxa.dialogoTaxa}
            texto={
              taxa.taxa?.entrega
                ? `${detalhe.estabelecimento.apelidooufantasia} ${textoTaxaEntrega(taxa.taxa.taxaCents, c.endereco?.bairro ?? '')}`
                : ''
            }
            onOk={taxa.aceitar}
          />
          <SemEntregaModal opened={taxa.dialogoSemEntrega} onOk={() => form.setFieldValue('tipo', 'TOGO')} />
          <ErrosPedidoModal erros={c.errosPedido} onClose={c.fecharErrosPedido} />
          {c.telefone && (
            <TelefoneModal
              opened
              idCliente={cliente.id}
              inicial={digitos(cliente.telefone)}
              erroInicial={c.telefone.erro}
              onClose={c.telefone.fechar}
              onSalvo={c.telefone.salvo}
            />
          )}
        </div>
      )}
    </Container>
  );
}
