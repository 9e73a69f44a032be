import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { FORMATOS_IMAGEM, MAX_BYTES_IMAGEM, MSG_CATALOGO } from '@rango/domain/painel/catalogo';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { memo, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { imageUrl } from '../../../../shared/config/api.ts';
import { PainelApiError } from '../../../api/client.ts';
import { catalogoApi } from '../../../api/cardapio.ts';
import classes from './cardapio.module.css';

/** The types the menu takes (the server's list); the server decides from the bytes themselves. */
export const TIPOS_FOTO = FORMATOS_IMAGEM.map((f) => `image/${f}`).join(',');

/** The server's refusal of the photo, on the field: {imagem: ['…']} (400, or 413 past the size limit). */
function recusaFoto(e: unknown): string {
  if (e instanceof PainelApiError && e.data && typeof e.data === 'object') {
    const v = (e.data as Record<string, unknown>).imagem;
    const msg: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof msg === 'string') return msg;
  }
  return e instanceof Error ? e.message : MSG_CATALOGO.imagemInvalida;
}

const localUrl = (f: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : null;

interface Props {
  idest: number;
  idproduto: number;
  nome: string;
  imagem: string | null;
  /** The product's photo changed on the server (a URL, or null once removed). */
  /** The product's new photo (its id given back: one stable function serves every product). */
  onMudou: (idproduto: number, imagem: string | null) => void;
}

/**
 * The product's photo: chosen from the device (JPEG, PNG, WebP up to 5 MB), shown at once, sent
 * by itself (it does not wait for 'Salvar produto': the customer's menu shows it as soon as the
 * server keeps it). The server sniffs the type from the bytes and re-encodes; its refusal shows
 * on the field. A product not yet saved has no photo yet.
 */
/** Memoised: a keystroke elsewhere in the product does not redraw it. */
export const FotoProduto = memo(function FotoProduto({ idest, idproduto, nome, imagem, onMudou }: Props) {
  const id = useId();
  const erroId = `${id}-erro`;
  const ajudaId = `${id}-ajuda`;
  const input = useRef<HTMLInputElement>(null);
  const [previa, setPrevia] = useState<string | null>(null);
  const [estado, setEstado] = useState<'parado' | 'enviando' | 'removendo'>('parado');
  const [erro, setErro] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const novo = idproduto < 0;

  // The local preview's memory goes with it.
  useEffect(() => () => void (previa && URL.revokeObjectURL(previa)), [previa]);

  const escolher = async (e: ChangeEvent<HTMLInputElement>) => {
    const arquivo = e.currentTarget.files?.[0];
    // The same file chosen again after a refusal must fire a change again.
    e.currentTarget.value = '';
    if (!arquivo) return;
    setAviso(null);
    if (arquivo.size > MAX_BYTES_IMAGEM) {
      setErro(MSG_CATALOGO.imagemGrande);
      return;
    }
    setErro(null);
    setPrevia(localUrl(arquivo));
    setEstado('enviando');
    try {
      const p = await catalogoApi.enviarImagem(idest, idproduto, arquivo);
      onMudou(idproduto, p.imagem);
      setAviso('Foto salva. O cardápio do cliente já mostra a foto.');
    } catch (x) {
      setErro(recusaFoto(x));
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
      const p = await catalogoApi.removerImagem(idest, idproduto);
      onMudou(idproduto, p.imagem);
      setAviso('Foto removida.');
      input.current?.focus();
    } catch (x) {
      setErro(recusaFoto(x));
    } finally {
      setEstado('parado');
    }
  };

  const src = previa ?? imageUrl(imagem) ?? null;
  const ocupado = estado !== 'parado';
  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-rotulo`}>
      <Text id={`${id}-rotulo`} fw={500} size="sm">
        Foto
      </Text>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <div className={classes.fotoMoldura} aria-busy={estado === 'enviando'}>
          {src ? (
            <img
              src={src}
              alt={previa ? `Foto escolhida para ${nome}` : `Foto de ${nome}`}
              className={classes.fotoImagem}
            />
          ) : (
            <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          )}
          {estado === 'enviando' ? (
            <div className={classes.fotoCarregando}>
              <Loader size="sm" color="white" aria-hidden="true" />
            </div>
          ) : null}
        </div>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <input
              ref={input}
              id={`${id}-arquivo`}
              type="file"
              accept={TIPOS_FOTO}
              className={classes.arquivo}
              disabled={novo || ocupado}
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
              data-disabled={novo || ocupado ? true : undefined}
              leftSection={<IconUpload size={16} aria-hidden="true" />}
            >
              {imagem ? 'Trocar foto' : 'Escolher foto'}
            </Button>
            {imagem && !novo ? (
              <Button
                variant="subtle"
                color="red.8"
                // A subtle button shows shade 6 at most (3.3:1 on white): the text takes red 9.
                c="red.9"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                loading={estado === 'removendo'}
                disabled={ocupado}
                onClick={() => void remover()}
              >
                Remover foto
              </Button>
            ) : null}
          </Group>
          <Text id={ajudaId} size="xs" c="dimmed">
            {novo
              ? 'Salve o produto para enviar a foto.'
              : 'JPEG, PNG ou WebP, até 5 MB. A foto é enviada assim que escolhida.'}
          </Text>
          <div aria-live="polite" role="status">
            {estado === 'enviando' ? (
              <Text size="sm">Enviando foto…</Text>
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
});
