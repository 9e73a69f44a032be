import { MSG_DOMINIO } from '@rango/domain/painel';
import type { Dominio, Dominios } from '@rango/domain/painel';
import type { Db } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { registrarAuditoria } from '../audit/service.ts';
import { campo } from './escrita.ts';
import type { Autor } from './escrita.ts';
import { hostDaPlataforma, hostDoCabecalho, normalizarHost } from './dominio-host.ts';
import type { Plataforma } from './dominio-host.ts';

/** Host names per establishment: more is a mistake (or abuse of the on-demand certificates). */
export const MAX_DOMINIOS = 10;
/** How long an instance trusts its copy of the host table (another instance's change shows after it). */
export const DOMINIOS_TTL_MS = 30_000;

/**
 * The establishments' own host names (issue 23 part 5). Writes and the TLS `ask` read the table;
 * the request routing reads an in-memory copy (a Map lookup, run on every request once some
 * establishment has a host name), loaded on start, replaced after this instance's own writes and
 * reloaded in the background when older than DOMINIOS_TTL_MS.
 */
export interface DominiosService {
  /** The establishment whose host the Host header names, or undefined (the platform's own hosts). */
  idDoHost(header: string | undefined): number | undefined;
  /** Loads the copy of the table (on start; then by itself). */
  carregar(): Promise<void>;
  /** For Caddy's on-demand TLS: whether `host` (as Caddy sends it) is an establishment's. */
  conhecido(host: string): Promise<boolean>;
  listar(idestabelecimento: number): Promise<Dominios>;
  /** 400 `{host: [reason]}` for an invalid, reserved, platform or taken host. */
  adicionar(autor: Autor, entrada: string): Promise<Dominio>;
  /** False when the establishment has no such host name. */
  remover(autor: Autor, iddominio: number): Promise<boolean>;
  /**
   * `urlPublicaDe(id)`: the origin links to establishment `id` use (e-mails, notifications): its
   * first host name when it has one, else PUBLIC_URL. From the in-memory copy (no query).
   */
  urlPublicaDe(idestabelecimento: number): string;
  /** The origin of the Host header when it is an establishment's own host name, else undefined. */
  origemDoHost(header: string | undefined): string | undefined;
}

/**
 * The origin of `host` served like PUBLIC_URL: its scheme and port (a custom domain is behind
 * the same edge as the platform's host).
 */
export function origemDe(publicUrl: string, host: string): string {
  try {
    const u = new URL(publicUrl);
    u.hostname = host;
    return u.origin;
  } catch {
    return `https://${host}`;
  }
}

/**
 * `urlPublicaDe(id)`: the origin links to establishment `id` use (e-mails, messages): its first
 * host name when it has one, else PUBLIC_URL.
 */
export function criarUrlPublica(db: Db, publicUrl: string): (idestabelecimento: number) => Promise<string> {
  return async (idestabelecimento) => {
    const d = await db
      .selectFrom('dominio')
      .select('host')
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('id')
      .executeTakeFirst();
    return d ? origemDe(publicUrl, d.host) : publicUrl;
  };
}

export function createDominiosService(db: Db, plataforma: Plataforma): DominiosService {
  let porHost = new Map<string, number>();
  /** When the copy was last (re)loaded or tried: a failed load is tried again after the TTL. */
  let tentadoEm = 0;
  let carregando: Promise<void> | null = null;
  /** Each establishment's first host name (the one links use). */
  let primeiro = new Map<number, string>();
  const trocar = (linhas: readonly { host: string; idestabelecimento: number }[]) => {
    porHost = new Map(linhas.map((l) => [l.host, l.idestabelecimento]));
    primeiro = new Map();
    for (const l of linhas) if (!primeiro.has(l.idestabelecimento)) primeiro.set(l.idestabelecimento, l.host);
  };

  const carregar = (): Promise<void> => {
    carregando ??= (async () => {
      tentadoEm = Date.now();
      try {
        trocar(await db.selectFrom('dominio').select(['host', 'idestabelecimento']).orderBy('id').execute());
      } finally {
        carregando = null;
      }
    })();
    return carregando;
  };

  const linha = (d: { id: number; host: string; criado_em: string }): Dominio => ({
    id: d.id,
    host: d.host,
    url: `${origemDe(plataforma.publicUrl, d.host)}/`,
    criado_em: d.criado_em,
  });

  return {
    idDoHost(header) {
      if (carregando === null && Date.now() - tentadoEm > DOMINIOS_TTL_MS) {
        // A stale copy keeps answering while the new one loads (a failure keeps it, until the next try).
        carregar().catch(() => undefined);
      }
      if (porHost.size === 0) return undefined;
      return porHost.get(hostDoCabecalho(header));
    },
    carregar,
    async conhecido(host) {
      const h = hostDoCabecalho(host.trim());
      if (h === '' || h.length > 253) return false;
      const d = await db.selectFrom('dominio').select('id').where('host', '=', h).executeTakeFirst();
      return d !== undefined;
    },
    async listar(idestabelecimento) {
      const dominios = await db
        .selectFrom('dominio')
        .select(['id', 'host', 'criado_em'])
        .where('idestabelecimento', '=', idestabelecimento)
        .orderBy('id')
        .execute();
      return { alvo: hostDaPlataforma(plataforma.publicUrl), dominios: dominios.map(linha) };
    },
    async adicionar(autor, entrada) {
      const r = normalizarHost(entrada, plataforma);
      if ('erro' in r) throw campo('host', r.erro);
      const { host } = r;
      const criado = await db
        .transaction()
        .execute(async (trx) => {
          const existente = await trx
            .selectFrom('dominio')
            .select(['id', 'host', 'criado_em', 'idestabelecimento'])
            .where('host', '=', host)
            .executeTakeFirst();
          // The same host again for the same establishment: nothing new (a repeated click).
          if (existente?.idestabelecimento === autor.idestabelecimento) return existente;
          if (existente) throw campo('host', MSG_DOMINIO.emUso);
          const n = await trx
            .selectFrom('dominio')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('idestabelecimento', '=', autor.idestabelecimento)
            .executeTakeFirstOrThrow();
          if (Number(n.n) >= MAX_DOMINIOS) throw campo('host', MSG_DOMINIO.limite);
          const d = await trx
            .insertInto('dominio')
            .values({ idestabelecimento: autor.idestabelecimento, host, criado_em: new Date().toISOString() })
            .returning(['id', 'host', 'criado_em'])
            .executeTakeFirstOrThrow();
          await registrarAuditoria(trx, {
            idestabelecimento: autor.idestabelecimento,
            idfuncionario: autor.idfuncionario,
            entidade: 'dominio',
            identidade: d.id,
            acao: 'criar',
            dados: { host },
          });
          return d;
        })
        .catch((e: unknown) => {
          // Another establishment's insert of the same host won the race.
          if (isUniqueViolation(e)) throw campo('host', MSG_DOMINIO.emUso);
          throw e;
        });
      if (!porHost.has(criado.host)) {
        trocar(
          [...porHost]
            .map(([host, idestabelecimento]) => ({ host, idestabelecimento }))
            .concat({ host: criado.host, idestabelecimento: autor.idestabelecimento }),
        );
      }
      return linha(criado);
    },
    async remover(autor, iddominio) {
      const removido = await db.transaction().execute(async (trx) => {
        const d = await trx
          .deleteFrom('dominio')
          .where('id', '=', iddominio)
          .where('idestabelecimento', '=', autor.idestabelecimento)
          .returning(['id', 'host'])
          .executeTakeFirst();
        if (!d) return undefined;
        await registrarAuditoria(trx, {
          idestabelecimento: autor.idestabelecimento,
          idfuncionario: autor.idfuncionario,
          entidade: 'dominio',
          identidade: d.id,
          acao: 'excluir',
          dados: { host: d.host },
        });
        return d;
      });
      if (!removido) return false;
      trocar(
        [...porHost]
          .filter(([host]) => host !== removido.host)
          .map(([host, idestabelecimento]) => ({ host, idestabelecimento })),
      );
      return true;
    },
    urlPublicaDe(idestabelecimento) {
      const host = primeiro.get(idestabelecimento);
      return host === undefined ? plataforma.publicUrl : origemDe(plataforma.publicUrl, host);
    },
    origemDoHost(header) {
      const host = hostDoCabecalho(header);
      return porHost.has(host) ? origemDe(plataforma.publicUrl, host) : undefined;
    },
  };
}

/** 404 for a host name of another establishment, or none. */
export const dominioNaoEncontrado = (): HttpError =>
  new HttpError(404, { detail: MSG_DOMINIO.naoEncontrado });
