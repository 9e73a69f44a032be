import '../../../components/overlay-styles.ts';
import { MSG_CONTA, type Endereco, type EnderecoValido } from '@rango/domain';
import { ActionIcon, Alert, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { clearEnderecoEscolhido, enderecoCurto, useEnderecoEscolhido } from '../../../stores/endereco.ts';
import { useIsLoggedIn } from '../../../stores/session.ts';
import { useEnderecos } from '../api/get-enderecos.ts';
import { chooseEndereco, toEnderecoLocal } from '../lib/choose-endereco.ts';
import { useSaveEndereco } from '../lib/use-save-endereco.ts';
import { EnderecoResumo, enderecoLinhas } from './endereco-resumo.tsx';
import { EnderecoWizard } from './endereco-wizard.tsx';
import { AppModal } from '../../../shared/components/app-modal.tsx';

/** Which wizard is open: a new address, an edit of a saved one, or the visitor's local one. */
type Wizard = { editing: Endereco | null } | null;

interface Props {
  opened: boolean;
  onClose: () => void;
}

/**
 * The address selector (spec section 2): 'Escolha o endereço de entrega'. A customer picks one
 * of the saved addresses (or adds or edits one through the wizard); a visitor sets or clears a
 * local address, stored only in this browser. Its own chunk, loaded on the picker's first press.
 */
export function EnderecoSelectorModal({ opened, onClose }: Props) {
  const loggedIn = useIsLoggedIn();
  const [wizard, setWizard] = useState<Wizard>(null);
  // Each switch removes the focused button: the new content takes the focus, so it stays in
  // the dialog (else it falls to <body> and Tab leaves the modal). Not on opening: the modal
  // focuses its first control itself.
  const [switched, setSwitched] = useState(false);
  const toList = () => {
    setWizard(null);
    setSwitched(true);
  };
  const close = () => {
    setWizard(null);
    setSwitched(false);
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title={MSG_CONTA.escolhaEndereco} size="lg" centered>
      {wizard ? (
        loggedIn ? (
          <WizardCliente editing={wizard.editing} onDone={toList} onChosen={close} />
        ) : (
          <WizardVisitante onDone={toList} onChosen={close} />
        )
      ) : loggedIn ? (
        <ListaCliente onWizard={setWizard} focusOnMount={switched} />
      ) : (
        <EnderecoVisitante onWizard={() => setWizard({ editing: null })} focusOnMount={switched} />
      )}
    </AppModal>
  );
}

interface WizardProps {
  /** Back to the list (cancel, or an edit saved). */
  onDone: () => void;
  /** A new delivery address was chosen: the selector's job is done, so it closes. */
  onChosen: () => void;
}

function WizardCliente({ editing, onDone, onChosen }: WizardProps & { editing: Endereco | null }) {
  const save = useSaveEndereco();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {editing ? 'Editar endereço' : 'Novo endereço'}
      </Title>
      <EnderecoWizard
        initial={editing ? toEnderecoLocal(editing) : null}
        onCancel={onDone}
        focusOnMount
        onSubmit={async (values: EnderecoValido) => {
          // A new address becomes the delivery address; an edit keeps the current choice.
          if (await save(values, { editing, choose: editing === null })) {
            if (editing === null) onChosen();
            else onDone();
          }
        }}
      />
    </Stack>
  );
}

function WizardVisitante({ onDone, onChosen }: WizardProps) {
  const escolhido = useEnderecoEscolhido();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {escolhido ? 'Alterar endereço' : 'Informar endereço'}
      </Title>
      <EnderecoWizard
        initial={escolhido}
        onCancel={onDone}
        focusOnMount
        onSubmit={async (values: EnderecoValido) => {
          // A visitor's address lives only in this browser; it is saved to the account at login.
          const ok = await chooseEndereco({ ...values, id: undefined });
          if (ok) {
            notifications.show({ color: 'green', message: MSG_CONTA.enderecoSalvo });
            onChosen();
          }
        }}
      />
    </Stack>
  );
}

function EnderecoVisitante({ onWizard, focusOnMount }: { onWizard: () => void; focusOnMount: boolean }) {
  const escolhido = useEnderecoEscolhido();
  const mainRef = useRef<HTMLButtonElement>(null);
  const [focusFirst] = useState(focusOnMount);
  useEffect(() => {
    if (focusFirst) mainRef.current?.focus();
  }, [focusFirst]);
  return (
    <Stack gap="md">
      {escolhido ? (
        <Paper withBorder p="sm" radius="md">
          <EnderecoResumo endereco={escolhido} />
        </Paper>
      ) : (
        <Text>Informe o seu endereço para ver a taxa de entrega de cada restaurante.</Text>
      )}
      <Text size="sm" c="dimmed">
        Sem login, o endereço fica guardado só neste navegador. Ao entrar na sua conta, ele é salvo nela.
      </Text>
      <Group justify="flex-end" gap="sm">
        {escolhido && (
          <Button
            variant="default"
            onClick={() => {
              clearEnderecoEscolhido();
              // 'Limpar' goes away with the address: the focus moves to the button that stays.
              mainRef.current?.focus();
            }}
          >
            Limpar
          </Button>
        )}
        <Button ref={mainRef} onClick={onWizard}>
          {escolhido ? 'Alterar endereço' : 'Informar endereço'}
        </Button>
      </Group>
    </Stack>
  );
}

function ListaCliente({ onWizard, focusOnMount }: { onWizard: (w: Wizard) => void; focusOnMount: boolean }) {
  const enderecos = useEnderecos();
  const escolhido = useEnderecoEscolhido();
  const [choosing, setChoosing] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const novoRef = useRef<HTMLButtonElement>(null);
  const focusPending = useRef(focusOnMount);
  useEffect(() => {
    // Back from the wizard: the chosen (else the first) address, else 'Novo endereço'; once the
    // list is there.
    if (!focusPending.current || enderecos.isPending) return;
    focusPending.current = false;
    const box = boxRef.current;
    const radio =
      box?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
      box?.querySelector<HTMLInputElement>('input[type="radio"]');
    (radio ?? novoRef.current)?.focus();
  }, [enderecos.isPending]);
  const novo = (
    <Button
      ref={novoRef}
      leftSection={<IconPlus size={18} aria-hidden="true" />}
      onClick={() => onWizard({ editing: null })}
    >
      Novo endereço
    </Button>
  );
  if (enderecos.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando endereços">
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
      </Stack>
    );
  }
  if (enderecos.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {MSG_CONTA.erroObterEndereco}
        </Alert>
        <Group justify="flex-end">{novo}</Group>
      </Stack>
    );
  }
  const lista = enderecos.data;
  const choose = async (id: string) => {
    const endereco = lista.find((e) => String(e.id) === id);
    if (!endereco) return;
    setChoosing(true);
    try {
      await chooseEndereco(endereco);
    } finally {
      setChoosing(false);
    }
  };
  return (
    <Stack gap="md" ref={boxRef}>
      {lista.length === 0 ? (
        <Text>Você ainda não tem endereços salvos. Cadastre o primeiro para receber seus pedidos.</Text>
      ) : (
        <Radio.Group
          label="Seus endereços"
          value={escolhido?.id === undefined ? null : String(escolhido.id)}
          onChange={(id) => void choose(id)}
          aria-busy={choosing}
        >
          <Stack gap="xs" mt="xs">
            {lista.map((e) => {
              const [linha1, linha2] = enderecoLinhas(toEnderecoLocal(e));
              return (
                <Paper key={e.id} withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Radio
                      value={String(e.id)}
                      label={linha1}
                      description={linha2}
                      style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      onClick={() => onWizard({ editing: e })}
                      aria-label={`Editar ${enderecoCurto(e)}`}
                    >
                      <IconPencil size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end">{novo}</Group>
    </Stack>
  );
}
