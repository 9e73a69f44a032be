import { MSG_CONTA, type Endereco, type EnderecoValido } from '@rango/domain';
import { notifications } from '@mantine/notifications';
import { createElement, useCallback } from 'react';
import { getEnderecoEscolhido } from '../../../stores/endereco.ts';
import { useCreateEndereco } from '../api/create-endereco.ts';
import { useUpdateEndereco } from '../api/update-endereco.ts';
import { chooseEndereco } from './choose-endereco.ts';
import { saveErrorText } from './save-error-text.ts';

export interface SaveOptions {
  /** The address being edited (PUT); a new one (POST) when null. */
  editing: Endereco | null;
  /** Make the saved address the chosen one (the selector does; the profile only follows edits). */
  choose: boolean;
}

/**
 * A logged-in customer's save: POST or PUT, the spec's notices, and the chosen address kept in
 * step (an edit of the chosen address replaces it). Resolves the saved address, or null.
 */
export function useSaveEndereco() {
  const create = useCreateEndereco();
  const update = useUpdateEndereco();
  const { mutateAsync: createAsync } = create;
  const { mutateAsync: updateAsync } = update;
  const save = useCallback(
    async (values: EnderecoValido, { editing, choose }: SaveOptions): Promise<Endereco | null> => {
      let saved: Endereco;
      try {
        saved = editing ? await updateAsync({ id: editing.id, endereco: values }) : await createAsync(values);
      } catch (error) {
        notifications.show({
          color: 'red',
          // Several server messages, one per line.
          message: createElement('span', { style: { whiteSpace: 'pre-line' } }, saveErrorText(error)),
        });
        return null;
      }
      notifications.show({ color: 'green', message: MSG_CONTA.enderecoSalvo });
      if (choose || getEnderecoEscolhido()?.id === saved.id) await chooseEndereco(saved);
      return saved;
    },
    [createAsync, updateAsync],
  );
  return save;
}
