/** Times, phones and places as the panel shows them, on the establishments' wall clock. */
import { FUSO_PADRAO, formatBRL, maskTelefone } from '@rango/domain';
import type { EnderecoPedido } from '@rango/domain';

const hora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dia = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO_PADRAO, day: '2-digit', month: '2-digit' });

const data = (v: string | number | Date): Date | null => {
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '14:30' */
export function formatHora(v: string | number | Date): string {
  const d = data(v);
  return d ? hora.format(d) : '';
}

/** '14:30' today, '11/03 14:30' another day (a scheduled order for tomorrow). */
export function formatQuando(v: string | number | Date, agora: number): string {
  const d = data(v);
  if (!d) return '';
  return dia.format(d) === dia.format(agora) ? hora.format(d) : `${dia.format(d)} ${hora.format(d)}`;
}

export const formatTelefone = (tel: string): string => maskTelefone(tel) || tel;

/** 'tel:' link of a Brazilian phone as stored (national digits). */
export const telLink = (tel: string): string => `tel:${tel.replace(/[^\d+]/g, '')}`;

/** The address on one line, for the staff and for the map search. */
export function enderecoLinha(e: EnderecoPedido): string {
  const rua = [e.rua, e.numero].filter(Boolean).join(', ');
  const complemento = e.complemento ? ` – ${e.complemento}` : '';
  return `${rua}${complemento}, ${e.bairro}, ${e.cidade} – ${e.uf}, ${e.cep}`;
}

/** Google Maps' documented search URL (no key, opens the app on a phone). */
export function mapaLink(e: EnderecoPedido): string {
  const q = `${e.rua}, ${e.numero}, ${e.bairro}, ${e.cidade} - ${e.uf}, ${e.cep}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

/** Money on a card: the domain's truncating BRL format ('R$ 47,00'). */
export const dinheiro = formatBRL;
