import { Group, NumberInput, Radio, Select, Text } from '@mantine/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { CampoDinheiro as CampoDinheiroBase } from '../../../components/campo-dinheiro.tsx';

/** The draft's field errors and which fields were touched (errors show on touch or after 'Salvar'). */
export interface Validacao {
  erro: (chave: string) => string | undefined;
  tocar: (chave: string) => void;
}
export const ValidacaoContext = createContext<Validacao>({ erro: () => undefined, tocar: () => {} });
export const useValidacao = () => useContext(ValidacaoContext);

/** The errors shown for the keys that start with `prefixo`, as a string a memo can compare. */
export function errosDe(visiveis: Record<string, string>, prefixo: string): string {
  // Called for each of a product's options on every keystroke: nothing is allocated when there
  // is nothing to show (the usual case).
  let out: Record<string, string> | null = null;
  for (const k in visiveis) if (k.startsWith(prefixo)) (out ??= {})[k] = visiveis[k]!;
  return out ? JSON.stringify(out) : '{}';
}

/** No error shown at all. */
export function semErros(visiveis: Record<string, string>): boolean {
  for (const _ in visiveis) return false;
  return true;
}

/**
 * A provider of one editor's own errors (a group's, an option's): it changes only when those do,
 * so a keystroke elsewhere does not re-render the fields under it.
 */
export function ValidacaoLocal({
  erros,
  tocar,
  children,
}: {
  erros: string;
  tocar: (k: string) => void;
  children: ReactNode;
}) {
  const valor = useMemo<Validacao>(() => {
    const m = JSON.parse(erros) as Record<string, string>;
    return { erro: (k) => m[k], tocar };
  }, [erros, tocar]);
  return <ValidacaoContext.Provider value={valor}>{children}</ValidacaoContext.Provider>;
}

/** The shared money field, with the draft's error and touch. */
export function CampoDinheiro({
  chave,
  onChange,
  ...props
}: {
  label: string;
  valor: number;
  onChange: (cents: number) => void;
  chave: string;
  description?: ReactNode;
  permitirNegativo?: boolean;
}) {
  const v = useValidacao();
  return (
    <CampoDinheiroBase
      {...props}
      onChange={(c) => onChange(c ?? 0)}
      onBlur={() => v.tocar(chave)}
      error={v.erro(chave)}
    />
  );
}

/** A whole quantity (0 … 999). */
export function CampoQtd({
  label,
  valor,
  onChange,
  chave,
  description,
}: {
  label: string;
  valor: number;
  onChange: (n: number) => void;
  chave: string;
  description?: ReactNode;
}) {
  const v = useValidacao();
  return (
    <NumberInput
      label={label}
      description={description}
      value={valor}
      min={0}
      max={999}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      onChange={(x) => onChange(typeof x === 'number' ? x : Number(x) || 0)}
      onBlur={() => v.tocar(chave)}
      error={v.erro(chave)}
    />
  );
}

export const SITUACOES = [
  { value: '0', label: 'Disponível' },
  { value: '1', label: 'Indisponível' },
  { value: '2', label: 'Oculto' },
] as const;

/** 0 available, 1 unavailable (shown with the tag), 2 hidden. */
export function CampoSituacao({
  label,
  valor,
  onChange,
  nome,
}: {
  label: string;
  valor: number;
  onChange: (n: 0 | 1 | 2) => void;
  nome: string;
}) {
  return (
    <Radio.Group
      label={label}
      name={nome}
      value={String(valor)}
      onChange={(x) => onChange(x === '1' ? 1 : x === '2' ? 2 : 0)}
    >
      <Group gap="md" mt={4}>
        {SITUACOES.map((s) => (
          <Radio key={s.value} value={s.value} label={s.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * An adjustment: money (cents, may be negative) or a percent, with its unit beside it. The
 * percent is typed as a number with up to two decimals ('12,5').
 */
export function CampoAjuste({
  label,
  description,
  valor,
  percentual,
  onChange,
  chave,
  semPercentual = false,
}: {
  label: string;
  description: string;
  valor: number;
  percentual: number;
  onChange: (valor: number, percentual: 0 | 1) => void;
  chave: string;
  semPercentual?: boolean;
}) {
  const v = useValidacao();
  const emPercentual = percentual !== 0;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {emPercentual ? (
        <NumberInput
          style={{ flex: 1 }}
          label={label}
          description={description}
          value={valor}
          decimalScale={2}
          decimalSeparator=","
          min={-100}
          max={1000}
          clampBehavior="none"
          rightSection={<Text size="sm">%</Text>}
          onChange={(x) => onChange(typeof x === 'number' ? x : Number(String(x).replace(',', '.')) || 0, 1)}
          onBlur={() => v.tocar(chave)}
          error={v.erro(chave)}
        />
      ) : (
        <div style={{ flex: 1 }}>
          <CampoDinheiro
            label={label}
            description={description}
            valor={Math.trunc(valor)}
            onChange={(c) => onChange(c, 0)}
            chave={chave}
            permitirNegativo
          />
        </div>
      )}
      {semPercentual ? null : (
        <Select
          w={96}
          label="Unidade"
          aria-label={`Unidade de ${label}`}
          data={[
            { value: '0', label: 'R$' },
            { value: '1', label: '%' },
          ]}
          value={emPercentual ? '1' : '0'}
          allowDeselect={false}
          // Switching the unit starts the amount at zero: 10 % is not R$ 0,10.
          onChange={(x) => onChange(0, x === '1' ? 1 : 0)}
        />
      )}
    </Group>
  );
}
