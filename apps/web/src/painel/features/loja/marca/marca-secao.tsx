import { Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  COR_PADRAO,
  MAX_BYTES_LOGO,
  MSG_MARCA,
  contraste,
  motivoCorRecusada,
  razao,
  type Marca,
} from '@rango/domain/painel/marca';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PainelApiError } from '../../../api/client.ts';
import { errosDoServidor } from '../api.ts';
import { marcaApi, marcaQuery } from './api.ts';
import classes from './marca.module.css';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The server's refusal on one field ({logo: ['…']}: 400, or 413 past the size limit). */
function recusa(e: unknown, campo: string): string | null {
  if (e instanceof PainelApiError && e.data && typeof e.data === 'object') {
    const v = (e.data as Record<string, unknown>)[campo];
    const msg: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof msg === 'string') return msg;
  }
  return null;
}

function Cor({ idest, marca }: { idest: number; marca: Marca }) {
  const qc = useQueryClient();
  const id = useId();
  const [cor, setCor] = useState(marca.cor ?? '');
  const [erro, setErro] = useState<string | undefined>();
  const [salvo, setSalvo] = useState(false);
  const salvar = useMutation({
    mutationFn: (c: string | null) => marcaApi.salvarCor(idest, { cor: c }),
    onSuccess: (r) => {
      qc.setQueryData(marcaQuery(idest).queryKey, r);
      setCor(r.cor ?? '');
      setSalvo(true);
    },
    onError: (e) => setErro(errosDoServidor(e).cor),
  });
  const valida = HEX.test(cor);
  const amostra = valida ? cor : (marca.cor ?? COR_PADRAO);
  // White text is shown on the colour only when it can be read there.
  const legivel = motivoCorRecusada(amostra) === undefined;
  const mudar = (c: string) => {
    setSalvo(false);
    setCor(c);
    // Said while choosing, as the server would say it on saving.
    setErro(c === '' || !HEX.test(c) ? undefined : motivoCorRecusada(c));
  };
  const enviar = (c: string | null) => {
    const motivo = c === null ? undefined : motivoCorRecusada(c);
    setErro(motivo);
    if (!motivo) salvar.mutate(c);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          w={200}
          label="Cor da marca"
          description="Formato #RRGGBB"
          placeholder={COR_PADRAO}
          value={cor}
          onChange={(e) => mudar(e.currentTarget.value.trim())}
          // The reason is long: said below the row, at its width, not squeezed under the field.
          error={erro ? true : undefined}
          aria-describedby={erro ? `${id}-erro` : undefined}
          spellCheck={false}
          autoComplete="off"
        />
        <input
          id={`${id}-seletor`}
          type="color"
          className={classes.seletor}
          aria-label="Escolher a cor da marca"
          value={valida ? cor.toLowerCase() : (marca.cor ?? COR_PADRAO)}
          onChange={(e) => mudar(e.currentTarget.value)}
        />
      </Group>
      {erro ? (
        <Text id={`${id}-erro`} role="alert" c="red.9" size="sm" maw={560}>
          {erro}
        </Text>
      ) : null}
      <Group gap="sm" wrap="wrap" aria-live="polite">
        {legivel ? (
          <span className={classes.amostra} style={{ background: amostra }}>
            Fazer pedido
          </span>
        ) : null}
        <Text size="sm">Contraste com o branco: {razao(contraste(amostra, '#ffffff'))} (mínimo 4,5:1)</Text>
      </Group>
      <Text size="xs" c="dimmed">
        Usada nos botões e destaques do cardápio, do carrinho, do pagamento e do acompanhamento do pedido, e
        na barra do app instalado.
      </Text>
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      {salvo ? (
        <Text role="status" c="teal.9" size="sm">
          Cor salva. O cardápio já abre com ela.
        </Text>
      ) : null}
      <Group gap="xs">
        <Button onClick={() => enviar(cor === '' ? null : cor)} loading={salvar.isPending}>
          Salvar cor
        </Button>
        {marca.cor ? (
          <Button variant="default" onClick={() => enviar(null)} disabled={salvar.isPending}>
            Usar a cor do Rango
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

const localUrl = (f: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : null;

function Logo({ idest, marca, nome }: { idest: number; marca: Marca; nome: string }) {
  const qc = useQueryClient();
  const id = useId();
  const ajudaId = `${id}-ajuda`;
  const erroId = `${id}-erro`;
  const input = useRef<HTMLInputElement>(null);
  const [previa, setPrevia] = useState<string | null>(null);
  const [estado, setEstado] = useState<'parado' | 'enviando' | 'removendo'>('parado');
  const [erro, setErro] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  useEffect(() => () => void (previa && URL.revokeObjectURL(previa)), [previa]);

  const feito = (r: Marca, msg: string) => {
    qc.setQueryData(marcaQuery(idest).queryKey, r);
    setAviso(msg);
  };
  const escolher = async (e: ChangeEvent<HTMLInputElement>) => {
    const arquivo = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!arquivo) return;
    setAviso(null);
    if (arquivo.size > MAX_BYTES_LOGO) {
      setErro(MSG_MARCA.logoGrande);
      return;
    }
    setErro(null);
    setPrevia(localUrl(arquivo));
    setEstado('enviando');
    try {
      feito(await marcaApi.enviarLogo(idest, arquivo), 'Logotipo salvo. Os ícones do app foram gerados.');
    } catch (x) {
      setErro(recusa(x, 'logo') ?? (x instanceof Error ? x.message : MSG_MARCA.logoInvalido));
    } finally {
      setPrevia(null);
      setEstado('parado');
    }
  };
  const remover = async () => {
    setErro(null);
    setAviso(null);
    setEstado('removendo');
    try {
      feito(await marcaApi.removerLogo(idest), 'Logotipo removido.');
      input.current?.focus();
    } catch (x) {
      setErro(x instanceof Error ? x.message : MSG_MARCA.logoInvalido);
    } finally {
      setEstado('parado');
    }
  };
  const src = previa ?? marca.logo;
  const ocupado = estado !== 'parado';
  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-rotulo`}>
      <Text id={`${id}-rotulo`} fw={500} size="sm">
        Logotipo
      </Text>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <div className={classes.logo} aria-busy={estado === 'enviando'}>
          {src ? (
            <img src={src} alt={previa ? 'Logotipo escolhido' : `Logotipo de ${nome}`} />
          ) : (
            <IconPhoto size={32} color="var(--mantine-color-gray-6)" aria-hidden="true" />
          )}
        </div>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <input
              ref={input}
              id={`${id}-arquivo`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={classes.arquivo}
              disabled={ocupado}
              aria-invalid={erro ? true : undefined}
              aria-describedby={erro ? `${erroId} ${ajudaId}` : ajudaId}
              onChange={(e) => void escolher(e)}
            />
            <Button
              component="label"
              htmlFor={`${id}-arquivo`}
              variant="default"
              size="sm"
              className={classes.arquivoBotao}
              data-disabled={ocupado ? true : undefined}
              leftSection={<IconUpload size={16} aria-hidden="true" />}
            >
              {marca.logo ? 'Trocar logotipo' : 'Escolher logotipo'}
            </Button>
            {marca.logo ? (
              <Button
                variant="subtle"
                c="red.9"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                loading={estado === 'removendo'}
                disabled={ocupado}
                onClick={() => void remover()}
              >
                Remover logotipo
              </Button>
            ) : null}
          </Group>
          <Text id={ajudaId} size="xs" c="dimmed">
            JPEG, PNG ou WebP, até 5 MB, de preferência quadrado e com fundo transparente. Vira o ícone do app
            que o cliente instala.
          </Text>
          <div aria-live="polite" role="status">
            {estado === 'enviando' ? (
              <Group gap={6}>
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">Enviando logotipo…</Text>
              </Group>
            ) : aviso ? (
              <Text size="sm" c="teal.9">
                {aviso}
              </Text>
            ) : null}
          </div>
          {erro ? (
            <Text id={erroId} size="sm" c="red.8" role="alert">
              {erro}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Stack>
  );
}

/**
 * The restaurant's brand (issue 23 part 4): its colour (refused below AA contrast with white, the
 * reason said as it is typed) and its logo, from which the server makes the icons of the app a
 * customer installs from the menu ("Adicionar à tela inicial"), named after the restaurant.
 */
export function MarcaSecao({ idest, nome }: { idest: number; nome: string }) {
  const q = useQuery(marcaQuery(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-marca">
      <Title order={2} size="h3" id="loja-marca" mb="sm">
        Marca
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <Stack gap="lg">
          <Cor idest={idest} marca={q.data} />
          <Logo idest={idest} marca={q.data} nome={nome} />
          <Text size="sm">
            O app instalado pelo cardápio leva o nome e o ícone do restaurante.{' '}
            <Anchor
              href={q.data.manifesto.replace(/manifest\.webmanifest$/, '')}
              target="_blank"
              rel="noreferrer"
            >
              Abrir o cardápio
            </Anchor>
          </Text>
        </Stack>
      ) : null}
    </Paper>
  );
}
