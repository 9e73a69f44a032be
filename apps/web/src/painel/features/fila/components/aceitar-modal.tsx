import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { PREVISAO_MAX, PREVISAO_MIN, previsaoSugerida, type PedidoPainel } from '@rango/domain/painel';
import { useState, type FormEvent } from 'react';
import { AppModal } from '../../../../shared/components/app-modal.tsx';
import { PainelApiError } from '../../../api/client.ts';
import { formatHora } from '../lib/formato.ts';
import classes from './detalhe.module.css';

const ESCOLHAS = [15, 20, 30, 45, 60];

export interface AceitarModalProps {
  pedido: PedidoPainel;
  /** The establishment's default estimate (settings). */
  padraoMin: number;
  agora: number;
  onClose: () => void;
  /** Accepts; rejects with the server's error. */
  onConfirmar: (minutos: number, imprimir: boolean) => Promise<void>;
}

const foraDoIntervalo = `Informe um tempo entre ${PREVISAO_MIN} e ${PREVISAO_MAX} minutos.`;

/**
 * 'Aceitar' asks how long until it is ready (pickup) or delivered: the customer sees that time.
 * The field starts at the default (or the time left until a scheduled order) and is focused,
 * so 'A' then Enter accepts with it; quick choices set common values in one tap.
 */
export function AceitarModal({ pedido, padraoMin, agora, onClose, onConfirmar }: AceitarModalProps) {
  const [minutos, setMinutos] = useState<number | string>(() =>
    previsaoSugerida(pedido.entregue_as, agora, padraoMin),
  );
  const [imprimir, setImprimir] = useState(true);
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const escolhas = [...new Set([...ESCOLHAS, padraoMin])].sort((a, b) => a - b);
  const valor = typeof minutos === 'number' ? minutos : Number.NaN;
  const valido = Number.isInteger(valor) && valor >= PREVISAO_MIN && valor <= PREVISAO_MAX;

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (!valido) {
      setErroCampo(foraDoIntervalo);
      return;
    }
    setEnviando(true);
    setErro(null);
    try {
      await onConfirmar(valor, imprimir);
    } catch (err) {
      const campo = err instanceof PainelApiError ? err.campo('previsao_minutos') : undefined;
      if (campo) setErroCampo(campo);
      else setErro(err instanceof Error ? err.message : String(err));
      setEnviando(false);
    }
  };

  return (
    <AppModal opened onClose={onClose} title={`Aceitar pedido #${pedido.referencia}`} centered size="md">
      <form onSubmit={(e) => void enviar(e)} noValidate>
        <Stack gap="sm">
          <NumberInput
            data-autofocus
            label={
              pedido.tipo === 'DELIVERY'
                ? 'Tempo até a entrega (minutos)'
                : 'Tempo até ficar pronto (minutos)'
            }
            description={
              valido
                ? `O cliente verá: ${pedido.tipo === 'DELIVERY' ? 'entrega' : 'pronto'} por volta das ${formatHora(agora + valor * 60_000)}.`
                : undefined
            }
            value={minutos}
            onChange={(v) => {
              setMinutos(v);
              setErroCampo(null);
            }}
            min={PREVISAO_MIN}
            max={PREVISAO_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
            error={erroCampo}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className={classes.quick} role="group" aria-label="Escolhas rápidas">
            {escolhas.map((m) => (
              <Button
                key={m}
                size="compact-md"
                variant={valor === m ? 'filled' : 'default'}
                aria-pressed={valor === m}
                onClick={() => {
                  setMinutos(m);
                  setErroCampo(null);
                }}
              >
                {m} min
              </Button>
            ))}
          </div>
          <Checkbox
            label="Imprimir o cupom"
            checked={imprimir}
            onChange={(e) => setImprimir(e.currentTarget.checked)}
          />
          {erro ? (
            <Alert color="red" variant="light" role="alert" title="Não foi possível aceitar">
              {erro}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" loading={enviando}>
              Aceitar
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Enter aceita; Esc volta.
          </Text>
        </Stack>
      </form>
    </AppModal>
  );
}
