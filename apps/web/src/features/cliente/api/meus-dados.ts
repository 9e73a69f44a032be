import { useMutation } from '@tanstack/react-query';
import { apiGetText } from '../../../lib/api-client.ts';

/** The file the browser saves (the server names it the same in Content-Disposition). */
export const ARQUIVO_MEUS_DADOS = 'meus-dados-rango.json';

/** GET /controle/cliente/meus-dados/ (issue 14, LGPD): the JSON text, saved as the server wrote it. */
export async function baixarMeusDados(): Promise<void> {
  const texto = await apiGetText('/controle/cliente/meus-dados/');
  const url = URL.createObjectURL(new Blob([texto], { type: 'application/json' }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = ARQUIVO_MEUS_DADOS;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // After the click the download owns the data; the URL is let go on the next tick.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useBaixarMeusDados() {
  return useMutation({ mutationFn: baixarMeusDados });
}
