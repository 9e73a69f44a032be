import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { escolhaDe, escolhido, pushSuportado, useNotificacoes } from '../../../api/notificacoes.ts';
import type { CanalNotificacao } from '../../../api/notificacoes.ts';

export const TEXTO_AVISOS_CHECKOUT = {
  legenda: 'Avisos deste pedido',
  motivo: 'Escolha como quer saber quando o restaurante aceitar, mudar a previsão ou o pedido sair.',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  push: 'Notificações neste aparelho',
  pushDepois: 'Você pode ativar as notificações neste aparelho na página do pedido.',
} as const;

/** The channels the checkout offers, in their order on screen. */
const CANAIS: readonly CanalNotificacao[] = ['whatsapp', 'email', 'push'];

/**
 * The checkout's compact choice of channels (issue 22): checked from the saved choice; a change
 * is only kept here (`escolha`, null while untouched) and goes with the order, which the server
 * records with source 'checkout' when it places the order (ticking and leaving records nothing).
 * Push needs the browser's permission: it is offered after the order, on the order page, with
 * its reason; here it only shows when already on.
 */
export function AvisosCanais({
  escolha,
  onEscolha,
}: {
  escolha: readonly CanalNotificacao[] | null;
  onEscolha: (canais: CanalNotificacao[]) => void;
}) {
  const notificacoes = useNotificacoes();
  const n = notificacoes.data;
  const marcados = escolha ?? CANAIS.filter((c) => escolhido(n, c));
  const alternar = (canal: CanalNotificacao) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const ligado = e.currentTarget.checked;
    onEscolha(CANAIS.filter((c) => (c === canal ? ligado : marcados.includes(c))));
  };
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
            checked={marcados.includes('whatsapp')}
            disabled={!n}
            onChange={alternar('whatsapp')}
          />
          <Checkbox
            label={TEXTO_AVISOS_CHECKOUT.email}
            checked={marcados.includes('email')}
            disabled={!n}
            onChange={alternar('email')}
          />
          {pushLigado ? (
            <Checkbox
              label={TEXTO_AVISOS_CHECKOUT.push}
              checked={marcados.includes('push')}
              disabled={!n}
              onChange={alternar('push')}
            />
          ) : null}
        </Group>
        {!pushLigado && pushSuportado() && escolhaDe(n, 'push') === undefined ? (
          <Text size="xs" c="dimmed">
            {TEXTO_AVISOS_CHECKOUT.pushDepois}
          </Text>
        ) : null}
      </Stack>
    </fieldset>
  );
}
