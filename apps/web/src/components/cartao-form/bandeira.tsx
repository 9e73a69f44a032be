import { Badge } from '@mantine/core';
import { NOME_BANDEIRA, type BandeiraCartao } from '@rango/domain';

/** The number field's description: the card's brand once known, else the brands accepted. */
export const descricaoBandeira = (bandeira: BandeiraCartao | null | undefined, aceitas: string) =>
  bandeira ? `Bandeira: ${NOME_BANDEIRA[bandeira]}` : `Aceitamos ${aceitas}.`;

/** The brand's badge beside the number (our input's and Mercado Pago's secure field's). */
export function BadgeBandeira({ bandeira }: { bandeira: BandeiraCartao }) {
  return (
    <Badge size="sm" variant="light" color="gray" aria-hidden="true">
      {bandeira === 'Master' ? 'Mastercard' : bandeira}
    </Badge>
  );
}
