import { Alert, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  escolhaDe,
  escolhido,
  pushSuportado,
  useEscolherCanal,
  useNotificacoes,
} from '../../../api/notificacoes.ts';
import type { CanalNotificacao } from '../../../api/notificacoes.ts';
import { mensagemDeErro } from '../../../components/notificacoes-escolha.tsx';

export const TEXTO_AVISOS_CHECKOUT = {
  legenda: 'Avisos deste pedido',
  motivo: 'Escolha como quer saber quando o restaurante aceitar, mudar a previsão ou o pedido sair.',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  push: 'Notificações neste aparelho',
  pushDepois: 'Você pode ativar as notificações neste aparelho na página do pedido.',
} as const;

/**
 * The checkout's compact choice of channels (issue 22): checked from the saved choice; each
 * change is recorded at once with source 'checkout', so the order placed next is told on it
 * (its "pedido recebido" included). Push needs the browser's permission: it is offered after the
 * order, on the order page, with its reason; here it only shows when already on.
 */
export function AvisosCanais() {
  const notificacoes = useNotificacoes();
  const escolher = useEscolherCanal('checkout');
  const n = notificacoes.data;
  const alternar = (canal: CanalNotificacao) => (e: React.ChangeEvent<HTMLInputElement>) =>
    escolher.mutate({ canal, ativo: e.currentTarget.checked });
  const pushLigado = escolhido(n, 'push');
  return (
    <fieldset
      aria-describedby="avisos-canais-motivo"
      style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}
    >
      <Text component="legend" fw={600} size="sm" p={0} mb="xs">
        {TEXTO_AVISOS_CHECKOUT.legenda}
      </Text>
      <Stack gap="xs">
        <Text size="sm" c="dimmed" id="avisos-canais-motivo">
          {TEXTO_AVISOS_CHECKOUT.motivo}
        </Text>
        <Group gap="lg">
          <Checkbox
            label={TEXTO_AVISOS_CHECKOUT.whatsapp}
            checked={escolhido(n, 'whatsapp')}
            disabled={!n || escolher.isPending}
            onChange={alternar('whatsapp')}
          />
          <Checkbox
            label={TEXTO_AVISOS_CHECKOUT.email}
            checked={escolhido(n, 'email')}
            disabled={!n || escolher.isPending}
            onChange={alternar('email')}
          />
          {pushLigado ? (
            <Checkbox
              label={TEXTO_AVISOS_CHECKOUT.push}
              checked
              disabled={!n || escolher.isPending}
              onChange={alternar('push')}
            />
          ) : null}
        </Group>
        {!pushLigado && pushSuportado() && escolhaDe(n, 'push') === undefined ? (
          <Text size="xs" c="dimmed">
            {TEXTO_AVISOS_CHECKOUT.pushDepois}
          </Text>
        ) : null}
        {escolher.isError ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {mensagemDeErro(escolher.error)}
          </Alert>
        ) : null}
      </Stack>
    </fieldset>
  );
}
