import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import {
  PushNegadoError,
  escolhaDe,
  escolhido,
  pushSuportado,
  useEscolherCanal,
  useNotificacoes,
} from '../api/notificacoes.ts';
import type { CanalNotificacao, Notificacoes } from '../api/notificacoes.ts';

/** Issue 22: the texts of the customer's choice of channels. */
export const TEXTO_NOTIFICACOES = {
  titulo: 'Avisos dos pedidos',
  pergunta: 'Quer saber do seu pedido?',
  motivo:
    'Avisamos quando o restaurante aceitar ou mudar a previsão, quando o pedido sair para entrega ou ficar pronto e se for cancelado, mesmo com esta página fechada.',
  email: 'Por e-mail',
  whatsapp: 'Por WhatsApp',
  whatsappCelular: 'No celular do seu cadastro.',
  erroLer: 'Não foi possível carregar suas escolhas. Tente novamente mais tarde.',
  push: 'Notificações neste aparelho',
  pushIndisponivel: 'Este navegador não recebe notificações. Instale o app ou use outro navegador.',
  ativarPush: 'Ativar notificações',
  ativarEmail: 'Avisar por e-mail',
  agoraNao: 'Agora não',
  pronto: 'Pronto: vamos avisar você por aqui.',
  erro: 'Não foi possível salvar sua escolha. Tente novamente.',
} as const;

/** The server's field message (a phone that cannot get WhatsApp), the browser's refusal, or a generic one. */
export const mensagemDeErro = (e: unknown): string => {
  if (e instanceof PushNegadoError) return e.message;
  if (e instanceof ApiError) {
    const campo = (e.data as Record<string, unknown> | null | undefined)?.telefone;
    if (Array.isArray(campo) && typeof campo[0] === 'string') return campo[0];
  }
  return TEXTO_NOTIFICACOES.erro;
};

/** Where a choice was made, as the customer reads it. */
const ORIGEM: Record<string, string> = {
  cliente: 'nesta página',
  pedido: 'na página do pedido',
  checkout: 'ao finalizar um pedido',
};

const quando = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
};

/** '+5511987654321' → '(11) 98765-4321'. */
export const celularLegivel = (e164: string): string => {
  const m = /^\+55(\d{2})(\d{5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
};

/** 'Ativado em 29/11/2026, 10:15, ao finalizar um pedido.' (or 'Desativado …'). */
export function registroDaEscolha(n: Notificacoes | undefined, canal: CanalNotificacao): string | null {
  const e = escolhaDe(n, canal);
  if (!e) return null;
  const onde = ORIGEM[e.origem] ?? e.origem;
  return `${e.ativo ? 'Ativado' : 'Desativado'} em ${quando(e.atualizado_em)}, ${onde}.`;
}

/**
 * /cliente: each channel on or off, with when and where the choice was made (revocable at any
 * time). WhatsApp goes to the account's mobile; push is this device (the browser's permission is
 * asked only by the click).
 */
export function NotificacoesSection() {
  const notificacoes = useNotificacoes();
  const escolher = useEscolherCanal('cliente');
  const suportado = pushSuportado();
  const n = notificacoes.data;
  const alternar = (canal: CanalNotificacao) => (e: React.ChangeEvent<HTMLInputElement>) =>
    escolher.mutate({ canal, ativo: e.currentTarget.checked });
  const celular = escolhaDe(n, 'whatsapp')?.telefone;
  const descricao = (canal: CanalNotificacao, extra?: string) => {
    const r = registroDaEscolha(n, canal);
    const partes = [extra, r].filter(Boolean);
    return partes.length ? partes.join(' ') : undefined;
  };
  return (
    <section aria-labelledby="notificacoes-titulo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="notificacoes-titulo">
          {TEXTO_NOTIFICACOES.titulo}
        </Title>
        <Text size="sm">{TEXTO_NOTIFICACOES.motivo}</Text>
        {notificacoes.isError ? (
          <Alert color="red" variant="light" role="alert">
            {TEXTO_NOTIFICACOES.erroLer}
          </Alert>
        ) : null}
        <Checkbox
          label={TEXTO_NOTIFICACOES.whatsapp}
          description={descricao(
            'whatsapp',
            escolhido(n, 'whatsapp') && celular
              ? `No celular ${celularLegivel(celular)}.`
              : TEXTO_NOTIFICACOES.whatsappCelular,
          )}
          checked={escolhido(n, 'whatsapp')}
          disabled={!n || escolher.isPending}
          onChange={alternar('whatsapp')}
        />
        <Checkbox
          label={TEXTO_NOTIFICACOES.push}
          description={descricao('push', suportado ? undefined : TEXTO_NOTIFICACOES.pushIndisponivel)}
          checked={escolhido(n, 'push')}
          disabled={!n || escolher.isPending || !suportado}
          onChange={alternar('push')}
        />
        <Checkbox
          label={TEXTO_NOTIFICACOES.email}
          description={descricao('email')}
          checked={escolhido(n, 'email')}
          disabled={!n || escolher.isPending}
          onChange={alternar('email')}
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
  // Offered while this device's notifications were never decided (a choice of WhatsApp or e-mail
  // at checkout still leaves the device to offer), or when nothing at all was chosen.
  const pushPendente = pushSuportado() && escolhaDe(notificacoes.data, 'push') === undefined;
  if (!feito && notificacoes.data.canais.length > 0 && !pushPendente) return null;
  const emailEscolhido = escolhido(notificacoes.data, 'email');
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
              {emailEscolhido ? null : (
                <Button
                  size="sm"
                  variant="light"
                  disabled={escolher.isPending}
                  onClick={() => ativar('email')}
                >
                  {TEXTO_NOTIFICACOES.ativarEmail}
                </Button>
              )}
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
