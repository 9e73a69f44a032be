/**
 * The chosen delivery address as the app keeps it in localStorage. Its own module, free of the
 * form rules and their messages, so the shell (which reads it on every page) does not carry them.
 */
import { z } from 'zod/mini';

/**
 * The address the app holds in localStorage `endereco` (a visitor's, or the customer's chosen
 * one): the input fields, plus the server id once saved and the geocoded point.
 */
export const enderecoLocalSchema = z.object({
  id: z.optional(z.int()),
  cep: z.string(),
  rua: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  complemento: z.optional(z.nullable(z.string())),
  detalhe: z.optional(z.nullable(z.string())),
  latitude: z.optional(z.nullable(z.number())),
  longitude: z.optional(z.nullable(z.number())),
});
export type EnderecoLocal = z.infer<typeof enderecoLocalSchema>;
