import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatBRL } from '@rango/domain';
import {
  areaInputSchema,
  taxaBairroInputSchema,
  type AreaInput,
  type AreaPainel,
  type TaxaBairroInput,
  type TaxaBairroPainel,
} from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { CampoDinheiro } from '../../../components/campo-dinheiro.tsx';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';
import { MapaAreas } from './mapa-areas.tsx';
import { circulosDoMapa, type IdCirculo, type Rascunho } from './mapa-circulos.ts';

const num = (x: string | number) => (typeof x === 'number' ? x : Number(String(x).replace(',', '.')));

/** What the map does to the open form: a radius dragged with the circle's handle. */
interface AreaFormHandle {
  definirRaio: (metros: number) => void;
}

/**
 * One circle as numbers; the map (when the server has tiles) draws them as they are typed
 * (`onMudar`), a click on its circle focuses the radius (`focoRaio` moves), and its handle's
 * drag sets the radius (`ref`'s `definirRaio`), unsaved like a typed one.
 */
function AreaForm({
  idest,
  area,
  onFim,
  onMudar,
  focoRaio,
  ref,
}: {
  idest: number;
  area: AreaPainel | null;
  onFim: () => void;
  onMudar: (v: AreaInput) => void;
  focoRaio: number;
  ref: Ref<AreaFormHandle>;
}) {
  const qc = useQueryClient();
  // A new circle starts around the store (its point from the address's CEP lookup), else around
  // the first saved area (a store not located yet), else 0, 0.
  const loja = qc.getQueryData(lojaQueries.dados(idest).queryKey);
  const outra = qc.getQueryData(lojaQueries.areas(idest).queryKey)?.[0];
  const [v, setV] = useState<AreaInput>(
    area
      ? {
          lat: area.lat,
          lng: area.lng,
          raio: area.raio,
          taxaentrega: area.taxaentrega,
          valorminimo: area.valorminimo,
        }
      : {
          lat: loja?.lat ?? outra?.lat ?? 0,
          lng: loja?.lng ?? outra?.lng ?? 0,
          raio: 3000,
          taxaentrega: 500,
          valorminimo: null,
        },
  );
  const [erros, setErros] = useState<Erros>({});
  useEffect(() => onMudar(v), [v, onMudar]);
  useImperativeHandle(ref, () => ({ definirRaio: (raio) => setV((x) => ({ ...x, raio })) }), []);
  const raioRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focoRaio > 0) raioRef.current?.focus();
  }, [focoRaio]);
  const salvar = useMutation({
    mutationFn: (b: AreaInput) =>
      area ? lojaApi.salvarArea(idest, area.idareaentrega, b) : lojaApi.criarArea(idest, b),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: lojaQueries.areas(idest).queryKey });
      onFim();
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const naoEntrega = v.taxaentrega === null;
  const enviar = () => {
    const e = errosDe(areaInputSchema.safeParse(v));
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate(v);
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <NumberInput
          label="Latitude do centro"
          value={v.lat}
          decimalScale={6}
          onChange={(x) => setV({ ...v, lat: num(x) })}
          error={erros.lat}
        />
        <NumberInput
          label="Longitude do centro"
          value={v.lng}
          decimalScale={6}
          onChange={(x) => setV({ ...v, lng: num(x) })}
          error={erros.lng}
        />
        <NumberInput
          ref={raioRef}
          label="Raio (km)"
          value={v.raio / 1000}
          decimalScale={3}
          // Written as in Brazil ('1,5'); a typed '.' is taken as the comma too. Before, '1,5'
          // read as 15 km.
          decimalSeparator=","
          min={0}
          onChange={(x) => setV({ ...v, raio: Math.round(num(x) * 1000) })}
          error={erros.raio}
        />
      </SimpleGrid>
      <Checkbox
        label="Não entrega nesta área (uma área sem entrega dentro de outra)"
        checked={naoEntrega}
        onChange={(e) =>
          setV({
            ...v,
            taxaentrega: e.currentTarget.checked ? null : 0,
            valorminimo: e.currentTarget.checked ? null : v.valorminimo,
          })
        }
      />
      {naoEntrega ? null : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <CampoDinheiro
            label="Taxa de entrega"
            valor={v.taxaentrega}
            onChange={(c) => setV({ ...v, taxaentrega: c ?? 0 })}
            error={erros.taxaentrega}
          />
          <CampoDinheiro
            label="Entrega grátis a partir de (opcional)"
            valor={v.valorminimo}
            opcional
            onChange={(c) => setV({ ...v, valorminimo: c })}
            error={erros.valorminimo}
          />
        </SimpleGrid>
      )}
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      <Group gap="xs">
        <Button onClick={enviar} loading={salvar.isPending}>
          {area ? 'Salvar área' : 'Adicionar área'}
        </Button>
        <Button variant="default" onClick={onFim}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}

function descreverArea(a: AreaPainel): string {
  const raio = `${(a.raio / 1000).toLocaleString('pt-BR')} km de ${a.lat.toFixed(5)}, ${a.lng.toFixed(5)}`;
  if (a.taxaentrega === null) return `${raio}: não entrega`;
  const gratis = a.valorminimo !== null ? `, grátis a partir de ${formatBRL(a.valorminimo)}` : '';
  return `${raio}: ${a.taxaentrega === 0 ? 'entrega grátis' : formatBRL(a.taxaentrega)}${gratis}`;
}

function Areas({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(lojaQueries.areas(idest));
  const loja = useQuery(lojaQueries.dados(idest)).data;
  const [editando, setEditandoSo] = useState<IdCirculo | null>(null);
  // The numbers being typed in the open form, drawn on the map before they are saved.
  const [rascunho, setRascunho] = useState<Rascunho | null>(null);
  // Moves when a circle is clicked on the map: its form focuses the radius.
  const [focoRaio, setFocoRaio] = useState(0);
  // The open form (one at a time), for the radius dragged on the map.
  const form = useRef<AreaFormHandle>(null);
  const setEditando = (id: IdCirculo | null) => {
    setEditandoSo(id);
    setRascunho(null);
    setFocoRaio(0);
  };
  const onMudar = useCallback(
    (v: AreaInput) => setRascunho(editando === null ? null : { id: editando, v }),
    [editando],
  );
  const circulos = useMemo(() => circulosDoMapa(q.data ?? [], rascunho), [q.data, rascunho]);
  const pontoLoja = useMemo(
    () => (loja?.lat != null && loja.lng != null ? { lat: loja.lat, lng: loja.lng } : null),
    [loja?.lat, loja?.lng],
  );
  const onCirculo = (id: IdCirculo) => {
    if (id !== editando) {
      setEditandoSo(id);
      setRascunho(null);
    }
    setFocoRaio((n) => n + 1);
  };
  const onRaio = (id: IdCirculo, metros: number) => {
    if (id === editando) form.current?.definirRaio(metros);
  };
  const excluir = useMutation({
    mutationFn: (id: number) => lojaApi.excluirArea(idest, id),
    onSettled: () => qc.invalidateQueries({ queryKey: lojaQueries.areas(idest).queryKey }),
  });
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <ErroCarga error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="xs">
      <MapaAreas idest={idest} loja={pontoLoja} circulos={circulos} onCirculo={onCirculo} onRaio={onRaio} />
      {q.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma área. Sem áreas, a taxa vem da tabela por bairro abaixo.
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {q.data.map((a) => (
          <Paper key={a.idareaentrega} component="li" withBorder p="sm" radius="sm">
            {editando === a.idareaentrega ? (
              <AreaForm
                idest={idest}
                area={a}
                onFim={() => setEditando(null)}
                onMudar={onMudar}
                focoRaio={focoRaio}
                ref={form}
              />
            ) : (
              <Group justify="space-between" gap="xs">
                <Text size="sm">{descreverArea(a)}</Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditando(a.idareaentrega)}>
                    Editar
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => {
                      if (window.confirm('Excluir esta área de entrega?')) excluir.mutate(a.idareaentrega);
                    }}
                  >
                    Excluir
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      <FormError error={excluir.error} />
      {editando === 'nova' ? (
        <Paper withBorder p="sm" radius="sm">
          <AreaForm
            idest={idest}
            area={null}
            onFim={() => setEditando(null)}
            onMudar={onMudar}
            focoRaio={focoRaio}
            ref={form}
          />
        </Paper>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditando('nova')}>
            Nova área
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function BairroForm({
  idest,
  taxa,
  onFim,
}: {
  idest: number;
  taxa: TaxaBairroPainel | null;
  onFim: () => void;
}) {
  const qc = useQueryClient();
  const [v, setV] = useState<TaxaBairroInput>(
    taxa
      ? {
          bairro: taxa.bairro,
          cidade: taxa.cidade,
          uf: taxa.uf,
          valor: taxa.valor,
          valorminimo: taxa.valorminimo,
        }
      : { bairro: '', cidade: '', uf: '', valor: 0, valorminimo: null },
  );
  const [erros, setErros] = useState<Erros>({});
  const salvar = useMutation({
    mutationFn: (b: TaxaBairroInput) =>
      taxa ? lojaApi.salvarBairro(idest, taxa.id, b) : lojaApi.criarBairro(idest, b),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: lojaQueries.bairros(idest).queryKey });
      onFim();
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const enviar = () => {
    const e = errosDe(taxaBairroInputSchema.safeParse(v));
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate(v);
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <TextInput
          label="Bairro"
          value={v.bairro}
          onChange={(e) => setV({ ...v, bairro: e.currentTarget.value })}
          error={erros.bairro}
        />
        <TextInput
          label="Cidade"
          value={v.cidade}
          onChange={(e) => setV({ ...v, cidade: e.currentTarget.value })}
          error={erros.cidade}
        />
        <TextInput
          label="UF"
          maxLength={2}
          value={v.uf}
          onChange={(e) => setV({ ...v, uf: e.currentTarget.value })}
          error={erros.uf}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <CampoDinheiro
          label="Taxa"
          valor={v.valor}
          onChange={(c) => setV({ ...v, valor: c ?? 0 })}
          error={erros.valor}
        />
        <CampoDinheiro
          label="Entrega grátis a partir de (opcional)"
          valor={v.valorminimo}
          opcional
          onChange={(c) => setV({ ...v, valorminimo: c })}
          error={erros.valorminimo}
        />
      </SimpleGrid>
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      <Group gap="xs">
        <Button onClick={enviar} loading={salvar.isPending}>
          {taxa ? 'Salvar bairro' : 'Adicionar bairro'}
        </Button>
        <Button variant="default" onClick={onFim}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}

function Bairros({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(lojaQueries.bairros(idest));
  const [editando, setEditando] = useState<number | 'nova' | null>(null);
  const excluir = useMutation({
    mutationFn: (id: number) => lojaApi.excluirBairro(idest, id),
    onSettled: () => qc.invalidateQueries({ queryKey: lojaQueries.bairros(idest).queryKey }),
  });
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <ErroCarga error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="xs">
      {q.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum bairro na tabela.
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {q.data.map((t) => (
          <Paper key={t.id} component="li" withBorder p="sm" radius="sm">
            {editando === t.id ? (
              <BairroForm idest={idest} taxa={t} onFim={() => setEditando(null)} />
            ) : (
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {t.bairro}, {t.cidade}/{t.uf}: {t.valor === 0 ? 'entrega grátis' : formatBRL(t.valor)}
                  {t.valorminimo !== null ? `, grátis a partir de ${formatBRL(t.valorminimo)}` : ''}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditando(t.id)}>
                    Editar
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => {
                      if (window.confirm(`Excluir a taxa de ${t.bairro}?`)) excluir.mutate(t.id);
                    }}
                  >
                    Excluir
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      <FormError error={excluir.error} />
      {editando === 'nova' ? (
        <Paper withBorder p="sm" radius="sm">
          <BairroForm idest={idest} taxa={null} onFim={() => setEditando(null)} />
        </Paper>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditando('nova')}>
            Novo bairro
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Delivery: circles around the store (as numbers, over a map when tiles are configured) and the neighbourhood table. */
export function EntregaSecao({ idest }: { idest: number }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-entrega">
      <Title order={2} size="h3" id="loja-entrega" mb={4}>
        Áreas de entrega
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Círculos ao redor da loja: o cliente dentro de um círculo paga a menor taxa entre os que o cobrem;
        dentro de uma área &quot;não entrega&quot;, só retira na loja.
      </Text>
      <Areas idest={idest} />
      <Title order={3} size="h4" mt="lg" mb="xs">
        Taxas por bairro
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Usadas quando a loja não tem áreas de entrega.
      </Text>
      <Bairros idest={idest} />
    </Paper>
  );
}
