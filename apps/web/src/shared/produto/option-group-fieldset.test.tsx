import { PRECO_PRATICADO } from '@rango/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { grupo, opcao } from '../../features/estabelecimento/testing/fixtures.ts';
import { OptionGroupFieldset } from './option-group-fieldset.tsx';

describe('OptionGroupFieldset: how the group is charged (issue 14)', () => {
  it('a line under the rule, read as the group’s description', () => {
    renderWithProviders(
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
        base={3990}
        escolha={undefined}
        onChange={() => {}}
        destacado={false}
      />,
    );
    expect(screen.getByRole('group', { name: /Sabores/ })).toHaveAccessibleDescription(
      'Escolha de 1 a 2 opções. Cobrado pelo sabor mais caro',
    );
    // The flavour's price, not '+ R$ 10,00' as if the flavours were summed.
    expect(screen.getByText('R$ 10,00')).toBeInTheDocument();
    expect(screen.queryByText(/\+ R\$/)).toBeNull();
  });

  it('nothing for a plain sum', () => {
    renderWithProviders(
      <OptionGroupFieldset
        grupo={grupo({
          idgrupoopcao: 2,
          descricao: 'Adicionais',
          opcoes: [opcao({ idopcao: 21, descricao: 'Bacon' })],
        })}
        base={3990}
        escolha={undefined}
        onChange={() => {}}
        destacado={false}
      />,
    );
    expect(screen.queryByText(/Cobrado|inclus/)).toBeNull();
  });

  it('a Kit option that adds to the item shows what it adds', () => {
    renderWithProviders(
      <OptionGroupFieldset
        grupo={grupo({
          idgrupoopcao: 3,
          descricao: 'Acompanhamento',
          stprecopraticado: PRECO_PRATICADO.Kit,
          opcoes: [
            opcao({ idopcao: 31, descricao: 'Batata', preco: 900 }),
            opcao({ idopcao: 32, descricao: 'Batata grande', preco: 1200, valorafetaproduto: 500 }),
          ],
        })}
        base={3990}
        escolha={undefined}
        onChange={() => {}}
        destacado={false}
      />,
    );
    expect(screen.getByText('+ R$ 5,00')).toBeInTheDocument();
    expect(screen.queryByText(/R\$ 9,00|R\$ 12,00/)).toBeNull();
  });
});
