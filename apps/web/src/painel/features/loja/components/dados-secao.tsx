import {
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MSG_CATALOGO,
  estabelecimentoInputSchema,
  type EstabelecimentoConfig,
  type EstabelecimentoInput,
} from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CampoDinheiro } from '../../../components/campo-dinheiro.tsx';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import {
  buscarCep,
  errosDe,
  errosDoServidor,
  localizarEndereco,
  lojaApi,
  lojaQueries,
  type Erros,
} from '../api.ts';

const paraInput = (c: EstabelecimentoConfig): EstabelecimentoInput => ({
  apelidooufantasia: c.apelidooufantasia,
  nomeourazaosocial: c.nomeourazaosocial,
  endereco: { ...c.endereco },
  fones: c.fones,
  cnpj: c.cnpj,
  email_contato: c.email_contato,
  whatsapp: c.whatsapp,
  pedidominimo: c.pedidominimo,
  previsaoentregamin: c.previsaoentregamin,
  previsaoentregamax: c.previsaoentregamax,
  lat: c.lat,
  lng: c.lng,
});

const digitos = (cep: string) => cep.replace(/\D/g, '');
const coord = (n: number) => n.toFixed(5);

/** The establishment's data form: validated by the contract's schema on touch and on submit. */
export function DadosForm({
  inicial,
  enviarComo,
  botao,
  aviso,
}: {
  inicial: EstabelecimentoInput;
  enviarComo: (b: EstabelecimentoInput) => Promise<unknown>;
  botao: string;
  aviso: string;
}) {
  const [v, setV] = useState<EstabelecimentoInput>(inicial);
  const [fones, setFones] = useState(inicial.fones.join(', '));
  const [erros, setErros] = useState<Erros>({});
  const [salvo, setSalvo] = useState(false);
  // CEP lookup and the address's point: 'buscando' while asked, a text when it failed.
  const [cepBusca, setCepBusca] = useState<{ buscando: boolean; erro: string | null }>({
    buscando: false,
    erro: null,
  });
  const [geo, setGeo] = useState<'' | 'buscando' | 'naoEncontrado'>('');
  const ultimoCep = useRef(digitos(inicial.endereco.cep));
  const pedidoCep = useRef<AbortController | null>(null);
  const pedidoGeo = useRef<AbortController | null>(null);
  const salvar = useMutation({
    mutationFn: enviarComo,
    onSuccess: () => setSalvo(true),
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const corpo = (): EstabelecimentoInput => ({
    ...v,
    fones: fones
      .split(/[,;\n]/)
      .map((f) => f.trim())
      .filter(Boolean),
  });
  const validar = () => setErros(errosDe(estabelecimentoInputSchema.safeParse(corpo())));
  const set = (x: Partial<EstabelecimentoInput>) => {
    setSalvo(false);
    setV({ ...v, ...x });
  };
  const setEnd = (x: Partial<EstabelecimentoInput['endereco']>) => set({ endereco: { ...v.endereco, ...x } });

  /** Places the address (street, number, district, city, state) with the server's geocoder. */
  async function localizar(end: EstabelecimentoInput['endereco']) {
    if (!end.rua.trim() || !end.numero.trim() || !end.bairro.trim() || !end.cidade.trim() || !end.uf.trim())
      return;
    pedidoGeo.current?.abort();
    const ctl = (pedidoGeo.current = new AbortController());
    setGeo('buscando');
    try {
      const p = await localizarEndereco(
        {
          rua: end.rua,
          numero: end.numero,
          bairro: end.bairro,
          cidade: end.cidade,
          uf: end.uf,
          cep: end.cep,
        },
        ctl.signal,
      );
      setV((atual) => ({ ...atual, lat: p.latitude, lng: p.longitude }));
      setGeo('');
    } catch {
      if (!ctl.signal.aborted) setGeo('naoEncontrado');
    }
  }

  /** A complete CEP fills the street, district, city and state, then places the address. */
  async function mudarCep(cep: string) {
    setEnd({ cep });
    if (cepBusca.erro) setCepBusca({ buscando: false, erro: null });
    const d = digitos(cep);
    if (d.length !== 8 || d === ultimoCep.current) return;
    ultimoCep.current = d;
    pedidoCep.current?.abort();
    const ctl = (pedidoCep.current = new AbortController());
    setCepBusca({ buscando: true, erro: null });
    try {
      const r = await buscarCep(d, ctl.signal);
      if ('erro' in r) {
        ultimoCep.current = '';
        setCepBusca({ buscando: false, erro: MSG_CATALOGO.cepNaoEncontrado });
        return;
      }
      setCepBusca({ buscando: false, erro: null });
      // The lookup's fields over what is there now (typing may have gone on meanwhile).
      const achado = {
        ...(r.logradouro ? { rua: r.logradouro } : {}),
        ...(r.bairro ? { bairro: r.bairro } : {}),
        cidade: r.localidade,
        uf: r.uf,
      };
      setV((atual) => ({ ...atual, endereco: { ...atual.endereco, ...achado } }));
      const end = { ...v.endereco, cep, ...achado };
      setErros((e) => {
        const resto = { ...e };
        for (const k of ['rua', 'bairro', 'cidade', 'uf']) delete resto[`endereco.${k}`];
        return resto;
      });
      void localizar(end);
    } catch (e) {
      if (ctl.signal.aborted) return;
      ultimoCep.current = '';
      setCepBusca({ buscando: false, erro: e instanceof Error ? e.message : MSG_CATALOGO.cepNaoEncontrado });
    }
  }
  const enviar = () => {
    const e = errosDe(estabelecimentoInputSchema.safeParse(corpo()));
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate(corpo());
  };
  const fonesErro = Object.entries(erros).find(([k]) => k === 'fones' || k.startsWith('fones.'))?.[1];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Nome fantasia"
          withAsterisk
          value={v.apelidooufantasia}
          onChange={(e) => set({ apelidooufantasia: e.currentTarget.value })}
          onBlur={validar}
          error={erros.apelidooufantasia}
        />
        <TextInput
          label="Razão social"
          withAsterisk
          value={v.nomeourazaosocial}
          onChange={(e) => set({ nomeourazaosocial: e.currentTarget.value })}
          onBlur={validar}
          error={erros.nomeourazaosocial}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label="CEP"
          withAsterisk
          placeholder="00000-000"
          inputMode="numeric"
          autoComplete="postal-code"
          value={v.endereco.cep}
          onChange={(e) => void mudarCep(e.currentTarget.value)}
          onBlur={validar}
          aria-busy={cepBusca.buscando}
          rightSection={cepBusca.buscando ? <Loader size="xs" aria-label="Buscando CEP" /> : null}
          error={cepBusca.erro ?? erros['endereco.cep']}
        />
        <TextInput
          label="Rua"
          withAsterisk
          value={v.endereco.rua}
          onChange={(e) => setEnd({ rua: e.currentTarget.value })}
          onBlur={validar}
          error={erros['endereco.rua']}
        />
        <TextInput
          label="Número"
          withAsterisk
          value={v.endereco.numero}
          onChange={(e) => setEnd({ numero: e.currentTarget.value })}
          onBlur={() => {
            validar();
            void localizar(v.endereco);
          }}
          error={erros['endereco.numero']}
        />
        <TextInput
          label="Complemento"
          value={v.endereco.complemento ?? ''}
          onChange={(e) => setEnd({ complemento: e.currentTarget.value || null })}
          error={erros['endereco.complemento']}
        />
        <TextInput
          label="Bairro"
          withAsterisk
          value={v.endereco.bairro}
          onChange={(e) => setEnd({ bairro: e.currentTarget.value })}
          onBlur={validar}
          error={erros['endereco.bairro']}
        />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            label="Cidade"
            withAsterisk
            value={v.endereco.cidade}
            onChange={(e) => setEnd({ cidade: e.currentTarget.value })}
            onBlur={validar}
            error={erros['endereco.cidade']}
          />
          <TextInput
            w={64}
            label="UF"
            withAsterisk
            maxLength={2}
            value={v.endereco.uf}
            onChange={(e) => setEnd({ uf: e.currentTarget.value })}
            onBlur={validar}
            error={erros['endereco.uf']}
          />
        </Group>
      </SimpleGrid>
      <Text size="sm" c={geo === 'naoEncontrado' ? 'red.8' : 'dimmed'} role="status" aria-live="polite">
        {geo === 'buscando'
          ? 'Localizando o endereço…'
          : geo === 'naoEncontrado'
            ? 'Não foi possível localizar este endereço no mapa. Confira rua e número.'
            : v.lat != null && v.lng != null
              ? `Localização: ${coord(v.lat)}, ${coord(v.lng)} (centro das novas áreas de entrega).`
              : 'Localização: informe CEP, rua e número para localizar a loja.'}
      </Text>
      <TextInput
        label="Telefones"
        description="Separados por vírgula, com DDD."
        value={fones}
        onChange={(e) => {
          setSalvo(false);
          setFones(e.currentTarget.value);
        }}
        onBlur={validar}
        error={fonesErro}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label="CNPJ"
          placeholder="00.000.000/0000-00"
          inputMode="numeric"
          value={v.cnpj ?? ''}
          onChange={(e) => set({ cnpj: e.currentTarget.value })}
          onBlur={validar}
          error={erros.cnpj}
        />
        <TextInput
          label="E-mail de contato"
          type="email"
          autoComplete="email"
          value={v.email_contato ?? ''}
          onChange={(e) => set({ email_contato: e.currentTarget.value })}
          onBlur={validar}
          error={erros.email_contato}
        />
        <TextInput
          label="WhatsApp"
          placeholder="(11) 90000-0000"
          inputMode="tel"
          value={v.whatsapp ?? ''}
          onChange={(e) => set({ whatsapp: e.currentTarget.value })}
          onBlur={validar}
          error={erros.whatsapp}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        CNPJ, e-mail e telefone aparecem no cardápio publicado para o PDV (Open Delivery).
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <CampoDinheiro
          label="Pedido mínimo"
          description="0 = sem mínimo"
          valor={v.pedidominimo}
          onChange={(c) => set({ pedidominimo: c ?? 0 })}
          error={erros.pedidominimo}
        />
        <NumberInput
          label="Entrega: de (min)"
          min={0}
          max={600}
          allowDecimal={false}
          value={v.previsaoentregamin}
          onChange={(x) => set({ previsaoentregamin: Number(x) || 0 })}
          error={erros.previsaoentregamin}
        />
        <NumberInput
          label="Entrega: até (min)"
          min={0}
          max={600}
          allowDecimal={false}
          value={v.previsaoentregamax}
          onChange={(x) => set({ previsaoentregamax: Number(x) || 0 })}
          error={erros.previsaoentregamax}
        />
      </SimpleGrid>
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      {salvo ? (
        <Text role="status" c="teal.9" size="sm">
          {aviso}
        </Text>
      ) : null}
      <Group>
        <Button onClick={enviar} loading={salvar.isPending}>
          {botao}
        </Button>
      </Group>
    </Stack>
  );
}

/** Name, address, phones, minimum order and the delivery estimate range. */
export function DadosSecao({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(lojaQueries.dados(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-dados">
      <Title order={2} size="h3" id="loja-dados" mb="sm">
        Dados da loja
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <DadosForm
          inicial={paraInput(q.data)}
          botao="Salvar dados"
          aviso="Dados salvos."
          enviarComo={async (b) => {
            const c = await lojaApi.salvarDados(idest, b);
            qc.setQueryData(lojaQueries.dados(idest).queryKey, c);
          }}
        />
      ) : null}
    </Paper>
  );
}
