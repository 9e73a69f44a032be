import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MSG_CONTA } from '@rango/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { confirmarConta } from '../api/confirmar-conta.ts';
import { AuthCard } from '../components/auth-card.tsx';
import '../components/conta-styles.ts';

type Resultado = { ok: boolean; texto: string };

/**
 * One POST per link, even when StrictMode runs the effect twice or the page remounts: a
 * confirmation token is single-use, so a second call would turn a success into 'Algo deu errado'.
 */
const pedidos = new Map<string, Promise<Resultado>>();
function confirmarUmaVez(clienteUuid: string, token: string): Promise<Resultado> {
  const key = `${clienteUuid}/${token}`;
  let p = pedidos.get(key);
  if (!p) {
    p = confirmarConta(clienteUuid, token).then(
      // The server's detail is the title itself ('Tudo certo!!'): say what happens next instead.
      () => ({ ok: true, texto: 'Sua conta está confirmada. Agora é só entrar com seu email e senha.' }),
      (error: Error) => ({ ok: false, texto: error.message }),
    );
    pedidos.set(key, p);
  }
  return p;
}

/** /confirma/:clienteUuid/:token (public): confirms the account from the e-mailed link. */
export default function ConfirmaPage() {
  useDocumentTitle('Confirmação de conta');
  const { clienteUuid = '', token = '' } = useParams();
  const [resultado, setResultado] = useState<Resultado | null>(null);

  useEffect(() => {
    let ativo = true;
    void confirmarUmaVez(clienteUuid, token).then((r) => {
      if (ativo) setResultado(r);
    });
    return () => {
      ativo = false;
    };
  }, [clienteUuid, token]);

  if (!resultado) {
    return (
      <AuthCard titulo="Confirmação de conta">
        <Stack align="center" py="lg" role="status">
          <Loader aria-hidden="true" />
          <Text>Confirmando sua conta…</Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard titulo="Confirmação de conta">
      <Stack align="center" ta="center" gap="md" role="status">
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={resultado.ok ? 'green' : 'yellow'}
          aria-hidden="true"
        >
          {resultado.ok ? <IconCircleCheck size={40} /> : <IconAlertTriangle size={40} />}
        </ThemeIcon>
        <Title order={2} size="h3">
          {resultado.ok ? MSG_CONTA.confirmacaoSucesso : MSG_CONTA.confirmacaoFalhou}
        </Title>
        <Text>{resultado.texto}</Text>
        <Button component={Link} to={paths.login} fullWidth>
          Ir para Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
