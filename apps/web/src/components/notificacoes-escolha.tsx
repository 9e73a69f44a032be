import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PushNegadoError,
  escolhido,
  pushSuportado,
  useEscolherCanal,
  useNotificacoes,
} from '../api/notificacoes.ts';
import type { CanalNotificacao } from '../api/notificacoes.ts';

/** Issue 22: the texts of the customer's choice of channels. */
export const TEXTO_NOTIFICACOES = {
  titulo: 'Avisos dos pedidos',
  pergunta: 'Quer saber do seu pedido?',
  motivo:
    'Avisamos quando o restaurante aceitar, quando o pedido sair para entrega ou ficar pronto e se for cancelado, mesmo com esta página fechada.',
  email: 'Por e-mail',
  push: 'Notificações neste aparelho',
  pushIndisponivel: 'Este navegador não recebe notificações. Instale o app ou use outro navegador.',
  ativarPush: 'Ativar notificações',
  ativarEmail: 'Avisar por e-mail',
  agoraNao: 'Agora não',
  pronto: 'Pronto: vamos avisar você por aqui.',
  erro: 'Não foi possível salvar sua escolha. Tente novamente.',
} as const;

const mensagemDeErro = (e: unknown) => (e instanceof PushNegadoError ? e.message : TEXTO_NOTIFICACOES.erro);

/** /cliente: each channel on or off (revocable at any time). */
export function NotificacoesSection() {
  const notificacoes = useNotificacoes();
  const escolher = useEscolherCanal('cliente');
  const suportado = pushSuportado();
  const alternar = (canal: CanalNotificacao) => (e: React.ChangeEvent<HTMLInputElement>) =>
    escolher.mutate({ canal, ativo: e.currentTarget.checked });
  return (
    <section aria-labelledby="notificacoes-titulo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="notificacoes-titulo">
          {TEXTO_NOTIFICACOES.titulo}
        </Title>
        <Text size="sm">{TEXTO_NOTIFICACOES.motivo}</Text>
        <Checkbox
          label={TEXTO_NOTIFICACOES.email}
          checked={escolhido(notificacoes.data, 'email')}
          disabled={!notificacoes.data || escolher.isPending}
          onChange={alternar('email')}
        />
        <Checkbox
          label={TEXTO_NOTIFICACOES.push}
          description={suportado ? undefined : TEXTO_NOTIFICACOES.pushIndisponivel}
          checked={escolhido(notificacoes.data, 'push')}
          disabled={!notificacoes.data || escolher.isPending || !suportado}
          onChange={alternar('push')}
        />
        {escolher.isError ? (
          <Alert color="red" variant="light" role="alert">
            {mensagemDeErro(escolher.error)}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
}

const DISPENSADO = 'rango-notificacoes-agora-nao';

/**
 * The order page, right after the order (an open order, no choice made yet): the question with
 * its reason. The browser's permission is asked only when the customer clicks.
 */
export function QuerSaberDoPedido() {
  const notificacoes = useNotificacoes();
  const escolher = useEscolherCanal('pedido');
  const [dispensado, setDispensado] = useState(() => {
    try {
      return localStorage.getItem(DISPENSADO) === '1';
    } catch {
      return false;
    }
  });
  const [feito, setFeito] = useState(false);
  if (!notificacoes.data || dispensado) return null;
  if (!feito && notificacoes.data.canais.length > 0) return null;
  const agoraNao = () => {
    try {
      localStorage.setItem(DISPENSADO, '1');
    } catch {
      // Private mode: dismissed for this page only.
    }
    setDispensado(true);
  };
  const ativar = (canal: CanalNotificacao) =>
    escolher.mutate({ canal, ativo: true }, { onSuccess: () => setFeito(true) });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="quer-saber"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBell size={20} aria-hidden />
          <Title order={2} size="h4" id="quer-saber">
            {TEXTO_NOTIFICACOES.pergunta}
          </Title>
        </Group>
        <div aria-live="polite">{feito ? <Text size="sm">{TEXTO_NOTIFICACOES.pronto}</Text> : null}</div>
        {feito ? null : (
          <>
            <Text size="sm">{TEXTO_NOTIFICACOES.motivo}</Text>
            <Group gap="sm">
              {pushSuportado() ? (
                <Button size="sm" loading={escolher.isPending} onClick={() => ativar('push')}>
                  {TEXTO_NOTIFICACOES.ativarPush}
                </Button>
              ) : null}
              <Button size="sm" variant="light" disabled={escolher.isPending} onClick={() => ativar('email')}>
                {TEXTO_NOTIFICACOES.ativarEmail}
              </Button>
              <Button size="sm" variant="subtle" onClick={agoraNao}>
                {TEXTO_NOTIFICACOES.agoraNao}
              </Button>
            </Group>
          </>
        )}
        {escolher.isError ? (
          <Alert color="red" variant="light" role="alert">
            {mensagemDeErro(escolher.error)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
