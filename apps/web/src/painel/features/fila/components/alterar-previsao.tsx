import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { PREVISAO_MAX, PREVISAO_MIN } from '@rango/domain/painel';
import { useState, type FormEvent } from 'react';
import { PainelApiError } from '../../../api/client.ts';
import { formatHora } from '../lib/formato.ts';

const foraDoIntervalo = `Informe um tempo entre ${PREVISAO_MIN} e ${PREVISAO_MAX} minutos.`;

export interface AlterarPrevisaoProps {
  previsaoEm: string;
  agora: number;
  /** Saves the new estimate (minutes from now); rejects with the server's error. */
  onSalvar: (minutos: number) => Promise<{ previsao_em: string | null }>;
}

/**
 * An accepted order's estimate, and 'Alterar previsão' (issue 22): minutes from now; the customer
 * is told the new time once on the channels they chose.
 */
export function AlterarPrevisao({ previsaoEm, agora, onSalvar }: AlterarPrevisaoProps) {
  const [aberto, setAberto] = useState(false);
  const [minutos, setMinutos] = useState<number | string>(() =>
    Math.min(
      PREVISAO_MAX,
      Math.max(PREVISAO_MIN, Math.round((Date.parse(previsaoEm) - agora) / 60_000) + 10),
    ),
  );
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [feito, setFeito] = useState<string | null>(null);
  const valor = typeof minutos === 'number' ? minutos : Number.NaN;
  const valido = Number.isInteger(valor) && valor >= PREVISAO_MIN && valor <= PREVISAO_MAX;

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (!valido) {
      setErro(foraDoIntervalo);
      return;
    }
    setEnviando(true);
    setErro(null);
    try {
      const p = await onSalvar(valor);
      setFeito(p.previsao_em ? `Cliente avisado: nova previsão ${formatHora(p.previsao_em)}.` : null);
      setAberto(false);
    } catch (err) {
      const campo = err instanceof PainelApiError ? err.campo('previsao_minutos') : undefined;
      setErro(campo ?? (err instanceof Error ? err.message : String(err)));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <Text size="sm">
          Previsão informada ao cliente: <strong>{formatHora(previsaoEm)}</strong>
        </Text>
        {aberto ? null : (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              setAberto(true);
              setFeito(null);
            }}
          >
            Alterar previsão
          </Button>
        )}
      </Group>
      <div aria-live="polite">
        {feito ? (
          <Text size="sm" c="teal.9">
            {feito}
          </Text>
        ) : null}
      </div>
      {aberto ? (
        <form onSubmit={(e) => void enviar(e)} noValidate aria-label="Alterar previsão">
          <Stack gap="xs">
            <NumberInput
              data-autofocus
              autoFocus
              label="Nova previsão (minutos a partir de agora)"
              description={valido ? `O cliente verá: ${formatHora(agora + valor * 60_000)}.` : undefined}
              value={minutos}
              onChange={(v) => {
                setMinutos(v);
                setErro(null);
              }}
              min={PREVISAO_MIN}
              max={PREVISAO_MAX}
              error={erro === foraDoIntervalo ? erro : undefined}
            />
            {erro && erro !== foraDoIntervalo ? (
              <Alert color="red" variant="light" p="xs" role="alert">
                {erro}
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button type="submit" size="sm" loading={enviando}>
                Salvar e avisar o cliente
              </Button>
              <Button size="sm" variant="subtle" onClick={() => setAberto(false)}>
                Cancelar
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
