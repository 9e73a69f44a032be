import { Alert, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MSG_PEDIDO, type HorarioExcecao, type HorarioFuncionamento } from '@rango/domain';
import { IconCalendarTime } from '@tabler/icons-react';
import { useMemo } from 'react';
import { diasAgendamento, horariosDoDia } from '../lib/agendamento.ts';
import type { PagamentoValues } from '../lib/validar.ts';
import classes from './pagamento.module.css';

const SEM_EXCECOES: readonly HorarioExcecao[] = [];

interface AgendamentoSectionProps {
  form: UseFormReturnType<PagamentoValues>;
  horarios: readonly HorarioFuncionamento[];
  /** Dates with their own hours (holidays). */
  excecoes?: readonly HorarioExcecao[] | undefined;
  agora: Date;
  lojaAberta: boolean;
  previsao: { min: number; max: number };
}

/**
 * 'Quando' (spec sections 2, 5): now, or scheduled. Only days and times the scheduling rule
 * accepts are offered (past ones are not); a time that lapses while the form is open stays
 * selected and is refused with 'Horário inválido'.
 */
export function AgendamentoSection({
  form,
  horarios,
  excecoes = SEM_EXCECOES,
  agora,
  lojaAberta,
  previsao,
}: AgendamentoSectionProps) {
  const { agendar, data, hora } = form.values;
  const dias = useMemo(() => diasAgendamento(horarios, agora, excecoes), [horarios, agora, excecoes]);
  const horas = useMemo(
    () => (data ? horariosDoDia(data, horarios, agora, excecoes) : []),
    [data, horarios, agora, excecoes],
  );
  const opcoesHora = [
    { value: '', label: 'Escolha o horário', disabled: true },
    // A chosen time that has lapsed stays shown (and is refused) rather than silently changing.
    ...(hora && !horas.includes(hora) ? [hora] : []),
    ...horas,
  ];

  function ligar(on: boolean) {
    form.setFieldValue('agendar', on);
    if (on && (!data || dias.find((d) => d.value === data)?.disabled)) {
      form.setFieldValue('data', dias.find((d) => !d.disabled)?.value ?? '');
      form.setFieldValue('hora', '');
    }
    form.clearFieldError('data');
    form.clearFieldError('hora');
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="quando-titulo">
      <Title order={2} size="h4" id="quando-titulo">
        Quando
      </Title>
      {/* The hint stays outside the label (Mantine's would put it in the switch's name). */}
      <Switch
        id="pg-agendar"
        label="Agendar pedido"
        aria-describedby="pg-agendar-dica"
        checked={agendar}
        onChange={(e) => ligar(e.currentTarget.checked)}
      />
      <Text id="pg-agendar-dica" size="sm" c="dimmed" mt={-4}>
        {agendar
          ? 'Escolha o dia e o horário dentro do horário de funcionamento.'
          : `Sem agendamento, a previsão é de ${previsao.min} a ${previsao.max} minutos.`}
      </Text>
      {!lojaAberta && !agendar && (
        <Alert variant="light" color="yellow" icon={<IconCalendarTime aria-hidden />} p="xs">
          <Text size="sm">{MSG_PEDIDO.lojaFechadaAgendar}</Text>
        </Alert>
      )}
      {agendar && (
        <div className={classes.agendamento}>
          <NativeSelect
            id="pg-data"
            label="Dia"
            withAsterisk
            data={dias}
            value={data}
            error={form.errors.data}
            onChange={(e) => {
              const novo = e.currentTarget.value;
              form.setFieldValue('data', novo);
              if (hora && !horariosDoDia(novo, horarios, agora, excecoes).includes(hora))
                form.setFieldValue('hora', '');
              form.clearFieldError('data');
            }}
          />
          <NativeSelect
            id="pg-hora"
            label="Horário"
            withAsterisk
            data={opcoesHora}
            value={hora}
            error={form.errors.hora}
            description={horas.length === 0 ? 'Não há horários disponíveis neste dia.' : undefined}
            onChange={(e) => {
              form.setFieldValue('hora', e.currentTarget.value);
              form.clearFieldError('hora');
            }}
          />
        </div>
      )}
    </Stack>
  );
}
