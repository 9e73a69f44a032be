import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { areaInputSchema, type AreaInput, type AreaPainel } from '@rango/domain/painel/catalogo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { CampoDinheiro } from '../../../components/campo-dinheiro.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

const num = (x: string | number) => (typeof x === 'number' ? x : Number(String(x).replace(',', '.')));

/** What the map does to the open form: a radius dragged with the circle's handle. */
export interface AreaFormHandle {
  definirRaio: (metros: number) => void;
}

/**
 * One circle as numbers; the map (when the server has tiles) draws them as they are typed
 * (`onMudar`), a click on its circle focuses the radius (`focoRaio` moves), and its handle's
 * drag sets the radius (`ref`'s `definirRaio`), unsaved like a typed one.
 */
export function AreaForm({
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
