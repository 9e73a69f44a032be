import { conviteInputSchema, MSG_PAINEL, PAPEL_NOME, PAPEIS, type Papel } from '@rango/domain/painel';
import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../shared/components/app-modal.tsx';
import { useConvidar, useEquipe, useRemoverMembro, type Membro } from '../../api/equipe.ts';
import { useEu } from '../../api/eu.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { serverFieldErrors, usePainelForm } from '../../lib/form.ts';
import { PainelApiError } from '../../api/client.ts';
import classes from './equipe-page.module.css';

const PAPEL_DESCRICAO: Record<Papel, string> = {
  atendente: 'Pedidos, abrir e fechar a loja, itens em falta.',
  dono: 'Tudo, inclusive equipe e configurações.',
};

function ConviteForm({ idest, onEnviado }: { idest: number; onEnviado: (m: Membro) => void }) {
  const form = usePainelForm({ email: '', nome: '', papel: 'atendente' as Papel }, conviteInputSchema);
  const convidar = useConvidar(idest);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="convidar-titulo">
      <Title order={2} size="h3" id="convidar-titulo" mb="sm">
        Convidar pessoa
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          convidar.mutate(
            { email: v.email.trim(), nome: v.nome.trim(), papel: v.papel },
            {
              onSuccess: (m) => {
                form.reset();
                onEnviado(m);
              },
              onError: (e) => {
                if (e instanceof PainelApiError)
                  form.setErrors(serverFieldErrors(e.data, ['email', 'nome', 'papel']));
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Group grow align="start" className={classes.campos}>
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="off"
              inputMode="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <TextInput label="Nome" autoComplete="off" withAsterisk {...form.getInputProps('nome')} />
          </Group>
          <Radio.Group label="Papel" withAsterisk {...form.getInputProps('papel')}>
            <Stack gap="xs" mt={6}>
              {PAPEIS.map((p) => (
                <Radio key={p} value={p} label={PAPEL_NOME[p]} description={PAPEL_DESCRICAO[p]} />
              ))}
            </Stack>
          </Radio.Group>
          <FormError error={convidar.error} />
          <Group>
            <Button
              type="submit"
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
              loading={convidar.isPending}
              disabled={convidar.isPending}
            >
              Enviar convite
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function RemoverModal({
  idest,
  estabelecimento,
  membro,
  onClose,
  onRemovido,
}: {
  idest: number;
  estabelecimento: string;
  membro: Membro | null;
  onClose: () => void;
  onRemovido: (m: Membro) => void;
}) {
  const remover = useRemoverMembro(idest);
  const fechar = () => {
    remover.reset();
    onClose();
  };
  return (
    <AppModal opened={membro !== null} onClose={fechar} title="Remover da equipe">
      {membro ? (
        <Stack gap="md">
          <Text>
            Remover <strong>{membro.nome}</strong> ({membro.email}) da equipe de {estabelecimento}? Essa
            pessoa deixa de ver os pedidos deste estabelecimento.
          </Text>
          <FormError error={remover.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={fechar}>
              Cancelar
            </Button>
            <Button
              color="red.9"
              loading={remover.isPending}
              disabled={remover.isPending}
              onClick={() =>
                remover.mutate(membro.id, {
                  onSuccess: () => {
                    onRemovido(membro);
                    fechar();
                  },
                })
              }
            >
              Remover
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}

/** /painel/:id/equipe (owner): who works here, pending invitations, invite, remove. */
export default function EquipePage() {
  const { id, nome: estabelecimento } = useEstabelecimentoAtual();
  const eu = useEu();
  const equipe = useEquipe(id);
  const [removendo, setRemovendo] = useState<Membro | null>(null);
  const [aviso, setAviso] = useState('');

  return (
    <Stack maw={880} mx="auto" w="100%" gap="lg">
      <PageTitle>Equipe</PageTitle>
      <Text role="status" aria-live="polite" className={aviso ? classes.aviso : undefined}>
        {aviso}
      </Text>
      <section aria-labelledby="membros-titulo">
        <Title order={2} size="h3" id="membros-titulo" mb="sm">
          Quem tem acesso
        </Title>
        {equipe.isPending ? <PageLoader /> : null}
        {equipe.isError ? <ErroCarga error={equipe.error} onRetry={() => void equipe.refetch()} /> : null}
        {equipe.isSuccess && equipe.data.length === 0 ? (
          <Alert color="gray" variant="light">
            Ninguém na equipe ainda.
          </Alert>
        ) : null}
        {equipe.isSuccess && equipe.data.length > 0 ? (
          <ul className={classes.lista}>
            {equipe.data.map((m) => {
              const souEu = m.id === eu.data?.id;
              return (
                <li key={m.id} className={classes.membro}>
                  <div className={classes.dados}>
                    <Group gap={8} wrap="wrap">
                      <Text fw={600}>{m.nome}</Text>
                      {souEu ? (
                        <Text c="dimmed" size="sm">
                          (você)
                        </Text>
                      ) : null}
                      <Badge variant="light" color={m.papel === 'dono' ? 'brasa' : 'gray'}>
                        {PAPEL_NOME[m.papel]}
                      </Badge>
                      {m.pendente ? (
                        <Badge variant="outline" color="violet.9">
                          Convite pendente
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" className={classes.email}>
                      {m.email}
                    </Text>
                  </div>
                  {souEu ? null : (
                    <Button
                      className={classes.remover}
                      variant="default"
                      size="sm"
                      onClick={() => {
                        setAviso('');
                        setRemovendo(m);
                      }}
                      aria-label={`Remover ${m.nome}`}
                    >
                      Remover
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>
      <ConviteForm
        idest={id}
        onEnviado={(m) =>
          setAviso(m.pendente ? MSG_PAINEL.conviteEnviado(m.email) : `${m.nome} agora faz parte da equipe.`)
        }
      />
      <RemoverModal
        idest={id}
        estabelecimento={estabelecimento}
        membro={removendo}
        onClose={() => setRemovendo(null)}
        onRemovido={(m) => setAviso(`${m.nome} foi removido da equipe.`)}
      />
    </Stack>
  );
}
