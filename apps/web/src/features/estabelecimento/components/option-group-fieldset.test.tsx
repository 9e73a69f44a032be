import { MantineProvider } from '@mantine/core';
import { PRECO_PRATICADO } from '@rango/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../lib/theme.ts';
import { grupo, opcao } from '../testing/fixtures.ts';
import { OptionGroupFieldset } from './option-group-fieldset.tsx';

describe('OptionGroupFieldset: how the group is charged (issue 14)', () => {
  it('a line under the rule, read as the group’s description', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <OptionGroupFieldset
          grupo={grupo({
            idgrupoopcao: 1,
            descricao: 'Sabores',
            multiplo: true,
            qtdmultiplomin: 1,
            qtdmultiplomax: 2,
            stprecopraticado: PRECO_PRATICADO.MaiorOpcao,
            opcoes: [opcao({ idopcao: 11, descricao: 'Calabresa', preco: 1000 })],
          })}
          escolha={undefined}
          onChange={() => {}}
          destacado={false}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('group', { name: /Sabores/ })).toHaveAccessibleDescription(
      'Escolha de 1 a 2 opções. Cobrado pelo sabor mais caro',
    );
  });

  it('nothing for a plain sum', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <OptionGroupFieldset
          grupo={grupo({
            idgrupoopcao: 2,
            descricao: 'Adicionais',
            opcoes: [opcao({ idopcao: 21, descricao: 'Bacon' })],
          })}
          escolha={undefined}
          onChange={() => {}}
          destacado={false}
        />
      </MantineProvider>,
    );
    expect(screen.queryByText(/Cobrado|inclus/)).toBeNull();
  });
});
