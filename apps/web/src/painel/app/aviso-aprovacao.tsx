import { Alert } from '@mantine/core';
import { useLoja } from '../api/loja.ts';
import { TITULO_AVISO } from '../components/aviso.ts';

/**
 * Over every page of an establishment the platform has not approved yet
 * (APROVACAO_ESTABELECIMENTOS on the server): customers cannot see it nor order, the back office
 * works. Read from the store's state (…/loja/, every minute and on its 'loja' event), so it goes
 * once the operator approves. Its own chunk: the sign-in page does not carry it.
 */
export default function AvisoAprovacao({ idest }: { idest: number }) {
  const loja = useLoja(idest);
  if (loja.data?.aguardando_aprovacao !== true) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      styles={TITULO_AVISO}
      title="Aguardando aprovação da plataforma"
      mb="md"
    >
      Seu estabelecimento ainda não aparece para os clientes, e ninguém consegue fazer pedidos nele. Enquanto
      isso, você já pode configurar a loja, o cardápio e a equipe; tudo fica disponível assim que a plataforma
      aprovar o cadastro.
    </Alert>
  );
}
