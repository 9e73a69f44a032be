import { MAX_BYTES_LOGO, MSG_MARCA, marcaInputSchema } from '@rango/domain/painel/marca';
import type { FastifyInstance } from 'fastify';
import { validar } from '../../http/corpo.ts';
import { HttpError, parseId } from '../../http/errors.ts';
import { CONTRATOS_MARCA } from './marca-contrato.ts';
import { IMAGENS_MARCA, type NomeImagem } from './marca-caminhos.ts';
import {
  imagemMarca,
  lerMarca,
  manifesto,
  marcaPublica,
  mudarCor,
  mudarLogo,
  naoEncontrado,
  removerLogo,
} from './marca.ts';
import type { ImagensMarca } from './marca.ts';
import { dono } from './painel-http.ts';

/**
 * The owner's brand in the back office (issue 23 part 4), under /api/ead. Registered inside the
 * back office's plugin, whose byte bodies (aceitarArquivos) carry the logo.
 */
export function marcaPainelRoutes(img: ImagensMarca) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id/marca';
    app.get<{ Params: { id: string } }>(`${B}/`, { config: { contrato: CONTRATOS_MARCA.ler } }, async (req) =>
      lerMarca(req.server.db, (await dono(req)).idestabelecimento),
    );
    app.put<{ Params: { id: string } }>(
      `${B}/`,
      { config: { contrato: CONTRATOS_MARCA.mudarCor } },
      async (req) => {
        const a = await dono(req);
        return mudarCor(req.server.db, img, a, validar(marcaInputSchema, req.body));
      },
    );
    app.put<{ Params: { id: string } }>(
      `${B}/logo/`,
      {
        bodyLimit: MAX_BYTES_LOGO,
        config: { contrato: CONTRATOS_MARCA.mudarLogo },
        // A huge upload is cut at the limit and refused on its field, in Portuguese.
        errorHandler: (error, _req, reply) => {
          if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            return reply.code(413).send({ logo: [MSG_MARCA.logoGrande] });
          }
          throw error;
        },
      },
      async (req, reply) => {
        const a = await dono(req);
        if (!Buffer.isBuffer(req.body)) throw new HttpError(400, { logo: [MSG_MARCA.logoTipo] });
        try {
          return await mudarLogo(req.server.db, img, a, req.body);
        } catch (e) {
          if (!(e instanceof img.FilaCheia)) throw e;
          reply.header('retry-after', '5');
          throw new HttpError(503, { detail: MSG_MARCA.logoFila });
        }
      },
    );
    app.delete<{ Params: { id: string } }>(
      `${B}/logo/`,
      { config: { contrato: CONTRATOS_MARCA.removerLogo } },
      async (req) => removerLogo(req.server.db, await dono(req)),
    );
  };
}

/** The manifest is revalidated on each use (a new name or logo shows at once), briefly cached. */
const CACHE_MANIFESTO = 'public, max-age=300, must-revalidate';
/** An image under its current version never changes. */
const CACHE_IMAGEM = 'public, max-age=31536000, immutable';

/**
 * The brand for the customer's app, under /api/ead beside the establishment's other public reads:
 * the order's and the checkout's pages apply it when their shell is not the restaurant's.
 */
export function marcaClienteRoutes() {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: { id: string } }>(
      '/api/estabelecimento/:id/marca/',
      { config: { contrato: CONTRATOS_MARCA.publica } },
      async (req, reply) => {
        const id = parseId(req.params.id);
        const m = id === undefined ? undefined : await marcaPublica(req.server.db, id);
        if (!m) throw naoEncontrado();
        return reply.header('cache-control', CACHE_MANIFESTO).send(m);
      },
    );
  };
}

/**
 * The installed app's public files, at the root beside the customer's menu page
 * (/estabelecimento/:id/): its manifest and the brand's images, read from the database (an
 * instance serving them never decodes an image).
 */
export function marcaPublicRoutes(
  /** The establishment whose own host name the request came on (dominio.ts), else undefined. */
  idDoHost: (host: string | undefined) => number | undefined = () => undefined,
) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: { id: string } }>(
      '/estabelecimento/:id/manifest.webmanifest',
      { config: { contrato: CONTRATOS_MARCA.manifesto } },
      async (req, reply) => {
        const id = parseId(req.params.id);
        const m = id === undefined ? undefined : await manifesto(req.server.db, id);
        if (!m) throw naoEncontrado();
        // Under its own host name the whole host is the restaurant's: the app starts at its `/`
        // (its menu there) and every page of the host stays inside it. Same identity (`id`).
        const proprio = idDoHost(req.headers.host) === id ? { start_url: '/', scope: '/' } : {};
        return reply
          .header('cache-control', CACHE_MANIFESTO)
          .header('vary', 'host')
          .type('application/manifest+json; charset=utf-8')
          .send(JSON.stringify({ ...m, ...proprio }));
      },
    );
    app.get<{ Params: { id: string; versao: string; nome: string } }>(
      '/estabelecimento/:id/marca/:versao/:nome',
      { config: { contrato: CONTRATOS_MARCA.imagem } },
      async (req, reply) => {
        const id = parseId(req.params.id);
        const nome = req.params.nome.replace(/\.png$/, '');
        if (id === undefined || !Object.hasOwn(IMAGENS_MARCA, nome) || !req.params.nome.endsWith('.png'))
          throw naoEncontrado();
        const img = await imagemMarca(req.server.db, id, req.params.versao, nome as NomeImagem);
        if (!img) throw naoEncontrado();
        return reply
          .header('cache-control', img.atual ? CACHE_IMAGEM : 'no-cache')
          .type('image/png')
          .send(img.bytes);
      },
    );
  };
}
