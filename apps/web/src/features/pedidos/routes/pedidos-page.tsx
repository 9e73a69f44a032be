import '@mantine/core/styles/Tabs.css';
import { Container, Tabs, Title } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AvisoOffline } from '../components/aviso-offline.tsx';
import { ConcluidosPanel } from '../components/concluidos-panel.tsx';
import { PendentesPanel } from '../components/pendentes-panel.tsx';

type Aba = 'pendentes' | 'concluidos';

/** The lists' GET (/controle/pedido/?…) answered by the service worker offline. */
const LISTA_API = /\/controle\/pedido\/$/;

/**
 * /pedido (login required, spec section 2): 'Pendentes' (default) and 'Concluídos'. The open tab
 * is in the address (?aba=concluidos), so 'back' from an order returns to the same tab.
 */
export default function PedidosPage() {
  useDocumentTitle(MSG_PEDIDO.meusPedidos);
  const [params, setParams] = useSearchParams();
  const aba: Aba = params.get('aba') === 'concluidos' ? 'concluidos' : 'pendentes';
  const escolher = (v: string | null) => {
    if (v !== 'pendentes' && v !== 'concluidos') return;
    setParams(v === 'concluidos' ? { aba: v } : {}, { replace: true });
  };
  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
      <Title order={1} size="h2" mb="md">
        {MSG_PEDIDO.meusPedidos}
      </Title>
      <AvisoOffline caminho={LISTA_API} />
      {/* Only the open panel is mounted: 'Concluídos' is fetched on its first opening. */}
      <Tabs value={aba} onChange={escolher} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="pendentes">{MSG_PEDIDO.pendentes}</Tabs.Tab>
          <Tabs.Tab value="concluidos">{MSG_PEDIDO.concluidos}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pendentes">
          <PendentesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="concluidos">
          <ConcluidosPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
