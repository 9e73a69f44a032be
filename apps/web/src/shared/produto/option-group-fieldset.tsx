import { Badge, Box, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import {
  MSG,
  canIncrement,
  groupRuleText,
  isGroupMinimumUnmet,
  isUnavailable,
  setOptionQuantity,
  type GrupoOpcao,
  type Opcao,
  type QuantidadesGrupo,
} from '@rango/domain';
import { memo, useCallback, useId, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { groupChargeText, optionControl, optionPriceLabel } from './option-display.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

interface Props {
  grupo: GrupoOpcao;
  /** The product's step-1 price in cents (productBasePrice): a percent adjustment's basis. */
  base: number;
  escolha: QuantidadesGrupo | undefined;
  onChange: (escolha: QuantidadesGrupo) => void;
  /** Set after a refused 'Adicionar' while this group is unmet. */
  destacado: boolean;
  ref?: Ref<HTMLFieldSetElement>;
}

/** What an option's price label reads of its group: its price mode and leave-out flag. */
type Cobranca = Pick<GrupoOpcao, 'stprecopraticado' | 'stnegagrupoopcao'>;
type OptionProps = { grupo: Cobranca; opcao: Opcao; base: number };

function OptionPrice({ grupo, opcao, base }: OptionProps) {
  const label = optionPriceLabel(grupo, opcao, base);
  if (!label) return null;
  return (
    <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {label.anterior && (
        <Text component="s" size="xs" c="dimmed" mr={6}>
          {label.anterior}
        </Text>
      )}
      <Text
        component="span"
        size="sm"
        fw={500}
        c={label.anterior ? 'var(--rango-oferta, #1b6b33)' : undefined}
      >
        {label.atual}
      </Text>
    </Text>
  );
}

function OptionLabel({ grupo, opcao, base }: OptionProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" component="span">
      <Text component="span" size="sm">
        {opcao.descricao}
        {isUnavailable(opcao) && (
          <Badge component="span" color="gray" variant="light" size="xs" ml={6}>
            {MSG.indisponivelTag}
          </Badge>
        )}
      </Text>
      <OptionPrice grupo={grupo} opcao={opcao} base={base} />
    </Group>
  );
}

const rowStyles = { body: { width: '100%' }, labelWrapper: { flex: 1 } } as const;

interface OptionRowProps {
  controle: ReturnType<typeof optionControl>;
  idgrupoopcao: number;
  stprecopraticado: GrupoOpcao['stprecopraticado'];
  stnegagrupoopcao: GrupoOpcao['stnegagrupoopcao'];
  /** An optional single choice: a second click on the chosen radio clears it. */
  opcional: boolean;
  opcao: Opcao;
  base: number;
  /** The option's quantity in the choice. */
  q: number;
  /** Steppers only: canIncrement for this option and choice. */
  podeAumentar: boolean;
  set: (opcao: Opcao, q: number) => void;
}

/** One option: a radio, a checkbox or a − qty + stepper, redrawn only when its own props change. */
const OptionRow = memo(function OptionRow(p: OptionRowProps) {
  const { opcao, q, set } = p;
  const grupo = { stprecopraticado: p.stprecopraticado, stnegagrupoopcao: p.stnegagrupoopcao };
  const indisponivel = opcao.stindisponivel !== 0;
  const descricao = opcao.detalhe || undefined;
  if (p.controle === 'radio') {
    return (
      <Radio
        name={`grupo-${p.idgrupoopcao}`}
        value={String(opcao.idopcao)}
        checked={q > 0}
        disabled={indisponivel}
        onChange={() => set(opcao, 1)}
        // A second click on the chosen radio clears an optional single choice.
        onClick={() => {
          if (q > 0 && p.opcional) set(opcao, 0);
        }}
        label={<OptionLabel grupo={grupo} opcao={opcao} base={p.base} />}
        description={descricao}
        styles={rowStyles}
      />
    );
  }
  if (p.controle === 'checkbox') {
    return (
      <Checkbox
        checked={q > 0}
        disabled={indisponivel}
        onChange={(e) => set(opcao, e.currentTarget.checked ? 1 : 0)}
        label={<OptionLabel grupo={grupo} opcao={opcao} base={p.base} />}
        description={descricao}
        styles={rowStyles}
      />
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <OptionLabel grupo={grupo} opcao={opcao} base={p.base} />
        {descricao && (
          <Text size="xs" c="dimmed">
            {descricao}
          </Text>
        )}
      </Box>
      <QuantityStepper
        nome={opcao.descricao}
        valor={q}
        podeDiminuir={q > 0}
        podeAumentar={p.podeAumentar}
        onChange={(n) => set(opcao, n)}
      />
    </Group>
  );
});

/**
 * One option group: legend with the rule text and OBRIGATÓRIO, then radios (single choice),
 * checkboxes, or − qty + steppers (multiplo). Every change goes through the domain's
 * setOptionQuantity; a refusal is shown in the group.
 */
export function OptionGroupFieldset({ grupo, base, escolha, onChange, destacado, ref }: Props) {
  const [erro, setErro] = useState<string | null>(null);
  const regraId = useId();
  const erroId = useId();
  const controle = optionControl(grupo);
  const regra = groupRuleText(grupo);
  const cobranca = groupChargeText(grupo);
  const cobrancaId = useId();
  const faltando = isGroupMinimumUnmet(grupo, escolha);

  const set = (opcao: Opcao, q: number) => {
    const r = setOptionQuantity(grupo, opcao, escolha, q);
    if ('erro' in r) {
      setErro(r.erro);
      return;
    }
    setErro(null);
    onChange(r.escolha);
  };
  // The rows get one function for the group's whole life, which calls this render's `set`: a
  // change to one option (its quantity here, its name in the back office's preview) then redraws
  // that row, not the group's every row (200 in a big pizza group).
  const ultimoSet = useRef(set);
  useLayoutEffect(() => {
    ultimoSet.current = set;
  });
  const setEstavel = useCallback((opcao: Opcao, q: number) => ultimoSet.current(opcao, q), []);

  return (
    <Box
      component="fieldset"
      ref={ref}
      tabIndex={-1}
      data-grupoopcao={grupo.idgrupoopcao}
      data-destacado={destacado && faltando ? 'true' : undefined}
      aria-describedby={
        [regra ? regraId : null, cobranca ? cobrancaId : null, erro ? erroId : null]
          .filter(Boolean)
          .join(' ') || undefined
      }
      m={0}
      p="sm"
      style={{
        border: `1px solid ${destacado && faltando ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: destacado && faltando ? '0 0 0 2px var(--mantine-color-red-2)' : undefined,
        minInlineSize: 0,
        scrollMarginTop: 72,
      }}
    >
      <Box component="legend" p={0} fw={600} fz="md" style={{ float: 'left', width: '100%' }}>
        {/* The name wraps (a long word too) and the tag never shrinks: cut to 'OBRIGAT…' beside a
            long name at 375 px, it no longer said what it means. */}
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{grupo.descricao}</span>
          {faltando && (
            <Badge
              component="span"
              color={destacado ? 'red' : 'dark'}
              variant="filled"
              size="sm"
              mt={2}
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              {MSG.obrigatorio}
            </Badge>
          )}
        </Group>
      </Box>
      {regra && (
        <Text id={regraId} size="xs" c="dimmed" mb={cobranca ? 0 : 'xs'} style={{ clear: 'both' }}>
          {regra}
        </Text>
      )}
      {cobranca && (
        <Text id={cobrancaId} size="xs" c="dimmed" mb="xs" style={{ clear: 'both' }}>
          {cobranca}
        </Text>
      )}
      <Stack gap={10} mt={regra || cobranca ? 0 : 'xs'} style={{ clear: 'both' }}>
        {grupo.opcoes.map((opcao) => (
          <OptionRow
            key={opcao.idopcao}
            controle={controle}
            idgrupoopcao={grupo.idgrupoopcao}
            stprecopraticado={grupo.stprecopraticado}
            stnegagrupoopcao={grupo.stnegagrupoopcao}
            opcional={grupo.qtdmultiplomin === 0}
            opcao={opcao}
            base={base}
            q={escolha?.[opcao.idopcao] ?? 0}
            podeAumentar={controle === 'stepper' && canIncrement(grupo, opcao, escolha)}
            set={setEstavel}
          />
        ))}
      </Stack>
      {erro && (
        <Text id={erroId} role="alert" size="sm" c="red.8" mt="xs">
          {erro}
        </Text>
      )}
    </Box>
  );
}
