import { Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { parseDinheiro, textoDinheiro } from '../lib/dinheiro.ts';

const INVALIDO = 'Informe um valor como 12,50.';

/**
 * Reais as typed ('12,50'), integer cents out. The text is kept while typing; what it means is
 * sent on every change (an unreadable text keeps the last amount and says so under the field).
 * `valor` null is an empty field (for the optional amounts: 'sem mínimo').
 */
export function CampoDinheiro({
  label,
  valor,
  onChange,
  onBlur,
  error,
  description,
  permitirNegativo = false,
  opcional = false,
}: {
  label: string;
  valor: number | null;
  onChange: (cents: number | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  description?: ReactNode;
  permitirNegativo?: boolean;
  opcional?: boolean;
}) {
  const mostrar = (v: number | null) => (v === null ? '' : textoDinheiro(v));
  const [texto, setTexto] = useState(() => mostrar(valor));
  const [visto, setVisto] = useState(valor);
  // What a text means, as a change sends it: empty is null (optional) or 0.
  const significa = (t: string) => (t.trim() === '' ? (opcional ? null : 0) : parseDinheiro(t));
  // A change from outside (a discarded draft, another product) shows the new amount; the amount
  // the text already means (our own change, come back) keeps the text as typed. A render with the
  // old amount before ours arrives (a parent that passes it on a moment later) changes nothing.
  if (valor !== visto) {
    setVisto(valor);
    if (significa(texto) !== valor) setTexto(mostrar(valor));
  }
  const lido = parseDinheiro(texto);
  const invalido = texto.trim() !== '' && (lido === null || (!permitirNegativo && lido < 0));
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      leftSection={<Text size="sm">R$</Text>}
      value={texto}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setTexto(t);
        const c = significa(t);
        if (c === null ? opcional : permitirNegativo || c >= 0) onChange(c);
      }}
      onBlur={() => {
        onBlur?.();
        if (!invalido) setTexto(mostrar(valor));
      }}
      error={invalido ? INVALIDO : error}
    />
  );
}
