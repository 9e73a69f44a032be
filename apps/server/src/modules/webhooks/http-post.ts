import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { enderecoPrivado } from './ssrf.ts';

export interface PostPedido {
  url: string;
  headers: Record<string, string>;
  corpo: string;
  timeoutMs: number;
}

/** The receiver's answer: status and the start of its body. */
export interface PostResposta {
  status: number;
  trecho: string;
}

/**
 * The delivery's HTTP port (tests inject another). Throws (a plain Error with a Portuguese
 * message) when there is no answer: refused, timed out, a private address in production.
 * A redirect is an answer like any other (a 3xx, never followed).
 */
export type HttpPost = (pedido: PostPedido) => Promise<PostResposta>;

/** How much of an answer is kept for the delivery log. */
export const MAX_TRECHO = 500;

const resolverTodos = (host: string) => dnsLookup(host, { all: true, verbatim: true });

export class EnvioFalhou extends Error {
  override name = 'EnvioFalhou';
}

/**
 * node:http(s) POST. In production (`soPublico`) the connection's own DNS lookup refuses a
 * private or loopback address, so what was checked is what is connected to.
 */
export function createHttpPost({
  soPublico,
  resolver = resolverTodos,
  privado = enderecoPrivado,
}: {
  soPublico: boolean;
  /** Tests: every address of a name (the system's DNS by default). */
  resolver?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Tests: which addresses are refused (private, loopback, link-local… by default). */
  privado?: (ip: string) => boolean;
}): HttpPost {
  const lookup: LookupFunction = (host, options, callback) => {
    resolver(host).then(
      (lista) => {
        const ok = lista.filter((a) => !privado(a.address));
        if (ok.length === 0) return callback(new EnvioFalhou('endereço privado recusado'), '', 0);
        if ((options as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: unknown) => void)(null, ok);
        return callback(null, ok[0]!.address, ok[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
  return (p) =>
    new Promise<PostResposta>((resolve, reject) => {
      let url: URL;
      try {
        url = new URL(p.url);
      } catch {
        reject(new EnvioFalhou('URL inválida'));
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (soPublico && isIP(host) && privado(host)) {
        reject(new EnvioFalhou('endereço privado recusado'));
        return;
      }
      const mod = url.protocol === 'https:' ? https : http;
      const req = mod.request(
        url,
        {
          method: 'POST',
          headers: { ...p.headers, 'content-length': String(Buffer.byteLength(p.corpo)) },
          ...(soPublico ? { lookup } : {}),
          agent: false,
        },
        (res) => {
          const partes: Buffer[] = [];
          let tamanho = 0;
          res.on('data', (c: Buffer) => {
            if (tamanho < MAX_TRECHO * 4) {
              partes.push(c);
              tamanho += c.length;
            }
          });
          const fim = () => {
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              trecho: Buffer.concat(partes).toString('utf8').slice(0, MAX_TRECHO),
            });
          };
          res.on('end', fim);
          res.on('error', fim);
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new EnvioFalhou(`sem resposta em ${Math.round(p.timeoutMs / 1000)} s`));
      }, p.timeoutMs);
      req.on('error', (e) => {
        clearTimeout(timer);
        reject(e instanceof EnvioFalhou ? e : new EnvioFalhou(mensagemDeRede(e)));
      });
      req.end(p.corpo);
    });
}

function mensagemDeRede(e: Error & { code?: string }): string {
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'conexão recusada';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'endereço não encontrado';
    case 'ECONNRESET':
      return 'conexão interrompida';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'certificado TLS inválido';
    default:
      return e.message.slice(0, 200);
  }
}
