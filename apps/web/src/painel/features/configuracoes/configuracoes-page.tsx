import { MSG_PAINEL, type PainelConfig } from '@rango/domain/painel';
import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { PainelApiError } from '../../api/client.ts';
import { useSalvarConfigPainel } from '../../api/config-salvar.ts';
import { useConfigPainel } from '../../api/config.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { serverFieldErrors } from '../../lib/form.ts';

type Minutos = 'alerta_amarelo_min' | 'alerta_vermelho_min' | 'aceite_limite_min' | 'previsao_padrao_min';
type Valores = Record<Minutos, number | string> & { auto_aceite: boolean };

/** The limits of painelConfigSchema, said in Portuguese (the schema's own messages are zod's). */
const LIMITES: Record<Minutos, [number, number]> = {
  alerta_amarelo_min: [1, 240],
  alerta_vermelho_min: [1, 240],
  aceite_limite_min: [1, 120],
  previsao_padrao_min: [5, 240],
};
const CAMPOS = [...(Object.keys(LIMITES) as Minutos[]), 'auto_aceite'];

function validar(v: Valores): FormErrors {
  const e: FormErrors = {};
  for (const [campo, [min, max]] of Object.entries(LIMITES) as [Minutos, [number, number]][]) {
    const n = v[campo];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      e[campo] = `Informe um número inteiro de ${min} a ${max} minutos.`;
    }
  }
  if (
    !e.alerta_amarelo_min &&
    !e.alerta_vermelho_min &&
    Number(v.alerta_vermelho_min) <= Number(v.alerta_amarelo_min)
  ) {
    e.alerta_vermelho_min = MSG_PAINEL.vermelhoAntesDoAmarelo;
  }
  return e;
}

function ConfigForm({ idest, inicial }: { idest: number; inicial: PainelConfig }) {
  const salvar = useSalvarConfigPainel(idest);
  const [salvo, setSalvo] = useState(false);
  const form = useForm<Valores>({
    mode: 'controlled',
    initialValues: inicial,
    validate: validar,
    validateInputOnBlur: true,
    onValuesChange: () => setSalvo(false),
  });
  const minutos = (campo: Minutos) => {
    const [min, max] = LIMITES[campo];
    return {
      min,
      max,
      step: 1,
      allowDecimal: false,
      allowNegative: false,
      suffix: ' min',
      ...form.getInputProps(campo),
    };
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const config: PainelConfig = {
          alerta_amarelo_min: Number(v.alerta_amarelo_min),
          alerta_vermelho_min: Number(v.alerta_vermelho_min),
          aceite_limite_min: Number(v.aceite_limite_min),
          previsao_padrao_min: Number(v.previsao_padrao_min),
          auto_aceite: v.auto_aceite,
        };
        salvar.mutate(config, {
          onSuccess: (c) => {
            form.setInitialValues(c);
            form.setValues(c);
            setSalvo(true);
          },
          onError: (e) => {
            if (e instanceof PainelApiError) form.setErrors(serverFieldErrors(e.data, CAMPOS));
          },
        });
      })}
    >
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cfg-alertas">
          <Title order={2} size="h3" id="cfg-alertas" mb={4}>
            Alertas da fila
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            O tempo de cada pedido, contado de quando foi feito, muda de cor na fila.
          </Text>
          <Group grow align="start" wrap="wrap">
            <NumberInput
              label="Amarelo depois de"
              miw={180}
              withAsterisk
              {...minutos('alerta_amarelo_min')}
            />
            <NumberInput
              label="Vermelho depois de"
              miw={180}
              withAsterisk
              {...minutos('alerta_vermelho_min')}
            />
          </Group>
          <NumberInput
            mt="sm"
            maw={380}
            label="Limite para aceitar"
            description="Um pedido novo que não for aceito dentro desse tempo fica marcado em vermelho (o iFood usa 8 minutos)."
            withAsterisk
            {...minutos('aceite_limite_min')}
          />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cfg-aceite">
          <Title order={2} size="h3" id="cfg-aceite" mb="sm">
            Aceite
          </Title>
          <NumberInput
            maw={380}
            label="Tempo estimado padrão"
            description="Sugerido ao aceitar um pedido; o cliente vê a previsão."
            withAsterisk
            {...minutos('previsao_padrao_min')}
          />
          <Switch
            mt="md"
            label="Aceitar pedidos automaticamente"
            description="Desligado por padrão. Ligado, cada pedido novo é aceito sozinho com o tempo estimado padrão e o cupom é impresso no painel aberto. Use só se a cozinha acompanha a fila o tempo todo."
            {...form.getInputProps('auto_aceite', { type: 'checkbox' })}
          />
        </Paper>
        <FormError error={salvar.error} />
        <Text role="status" aria-live="polite" c="green.9" fw={500}>
          {salvo ? 'Configurações salvas.' : ''}
        </Text>
        <Group>
          <Button type="submit" loading={salvar.isPending} disabled={salvar.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /painel/:id/configuracoes (owner): the queue's alert times, the acceptance limit, the default estimate, auto-accept. */
export default function ConfiguracoesPage() {
  const { id } = useEstabelecimentoAtual();
  const config = useConfigPainel(id);
  return (
    <Stack maw={880} mx="auto" w="100%" gap="md">
      <PageTitle>Configurações</PageTitle>
      {config.isPending ? <PageLoader /> : null}
      {config.isError ? <ErroCarga error={config.error} onRetry={() => void config.refetch()} /> : null}
      {/* Keyed by the establishment: switching establishments starts from that one's values. */}
      {config.isSuccess ? <ConfigForm key={id} idest={id} inicial={config.data} /> : null}
    </Stack>
  );
}
