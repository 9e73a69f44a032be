import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { dominioSchema, dominiosSchema, type Dominio } from '@rango/domain/painel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { estPath, painelDelete, painelGet, painelPost, PainelApiError } from '../../../api/client.ts';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';

/** GET/POST/DELETE /painel/estabelecimento/{id}/dominios/ (issue 23 part 5). */
const dominiosQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'dominios'] as const,
    queryFn: ({ signal }) => painelGet(estPath(id, 'dominios/'), dominiosSchema, signal),
  });

/** A subdomain ('pedidos') of the host name: the CNAME's name at the owner's DNS provider. */
const nomeDoRegistro = (host: string) => (host.split('.').length > 2 ? host.split('.')[0] : '@');

function Lista({ idest, alvo, dominios }: { idest: number; alvo: string; dominios: Dominio[] }) {
  const qc = useQueryClient();
  const [host, setHost] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [aviso, setAviso] = useState('');
  const atualizar = () => qc.invalidateQueries({ queryKey: dominiosQuery(idest).queryKey });
  const adicionar = useMutation({
    mutationFn: (h: string) => painelPost(estPath(idest, 'dominios/'), { host: h }, dominioSchema),
    onSuccess: async (d) => {
      setHost('');
      setAviso(`Domínio ${d.host} adicionado.`);
      await atualizar();
    },
    onError: (e) => setErro(e instanceof PainelApiError ? e.campo('host') : undefined),
  });
  const remover = useMutation({
    mutationFn: (d: Dominio) => painelDelete(estPath(idest, `dominios/${d.id}/`)).then(() => d),
    onSuccess: async (d) => {
      setAviso(`Domínio ${d.host} removido.`);
      await atualizar();
    },
  });
  const enviar = () => {
    setAviso('');
    if (host.trim() === '') return setErro('Informe o domínio.');
    setErro(undefined);
    adicionar.mutate(host.trim());
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        Seus clientes podem abrir o cardápio no endereço da sua loja, como{' '}
        <Code>pedidos.seurestaurante.com.br</Code>. No provedor do seu domínio, crie um registro{' '}
        <strong>CNAME</strong> apontando para <Code>{alvo}</Code>. O certificado HTTPS é emitido sozinho no
        primeiro acesso.
      </Text>
      {dominios.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum domínio próprio: a loja abre só no endereço da plataforma.
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label="Domínios da loja">
          {dominios.map((d) => (
            <List.Item key={d.id}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor href={d.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                    {d.host}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    CNAME <Code>{nomeDoRegistro(d.host)}</Code> → <Code>{alvo}</Code>
                  </Text>
                </Stack>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Remover o domínio ${d.host}`}
                  loading={remover.isPending && remover.variables.id === d.id}
                  onClick={() => {
                    setAviso('');
                    remover.mutate(d);
                  }}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          enviar();
        }}
      >
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            style={{ flex: 1, minWidth: 220 }}
            label="Novo domínio"
            placeholder="pedidos.seurestaurante.com.br"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            inputMode="url"
            value={host}
            onChange={(e) => {
              setHost(e.currentTarget.value);
              setErro(undefined);
            }}
            error={erro}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={adicionar.isPending}>
            Adicionar domínio
          </Button>
        </Group>
      </form>
      <FormError
        error={
          adicionar.error &&
          !erro &&
          !(adicionar.error instanceof PainelApiError && adicionar.error.campo('host'))
            ? adicionar.error
            : null
        }
      />
      <FormError error={remover.error} />
      {aviso ? (
        <Text role="status" c="teal.9" size="sm">
          {aviso}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The 'Domínios' section of 'Loja' (owner): the establishment's own host names and the DNS instruction. */
export function DominiosSecao({ idest }: { idest: number }) {
  const q = useQuery(dominiosQuery(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-dominios">
      <Title order={2} size="h3" id="loja-dominios" mb="sm">
        Domínios
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? <Lista idest={idest} alvo={q.data.alvo} dominios={q.data.dominios} /> : null}
    </Paper>
  );
}
