import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { HttpError, parseId } from '../../http/errors.ts';
import { createDominiosService } from './dominio.ts';

/**
 * The platform operator's commands for the establishments' own host names (issue 23 part 5), the
 * same checks as the owner's 'Domínios' section. Each answers the text the CLI prints; a thrown
 * Error is printed with status 1.
 */
export const USO_DOMINIOS = {
  listar: 'dominios <id>       lista os domínios próprios do estabelecimento',
  adicionar:
    'dominio-adicionar <id> <host>\n' +
    '                     adiciona um domínio ao estabelecimento (CNAME para o host de PUBLIC_URL)',
  remover: 'dominio-remover <id> <host>\n                     remove um domínio do estabelecimento',
} as const;

type Cfg = Pick<Config, 'publicUrl' | 'platformDomain'>;

function idDe(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === undefined) throw new Error(`Id de estabelecimento inválido: ${raw ?? '(nenhum)'}`);
  return id;
}

async function existe(db: Db, id: number): Promise<void> {
  const e = await db.selectFrom('estabelecimento').select('id').where('id', '=', id).executeTakeFirst();
  if (!e) throw new Error(`Estabelecimento ${id} não encontrado.`);
}

/** The refusal's text ({host: ['…']}) instead of an HttpError's JSON. */
function motivo(e: unknown): never {
  if (e instanceof HttpError) {
    const corpo = e.body as Record<string, unknown>;
    const m = Object.values(corpo).flat()[0];
    throw new Error(typeof m === 'string' ? m : e.message);
  }
  throw e;
}

export async function dominiosCommand(db: Db, [idRaw]: string[], config: Cfg): Promise<string> {
  const id = idDe(idRaw);
  await existe(db, id);
  const { alvo, dominios } = await createDominiosService(db, config).listar(id);
  if (dominios.length === 0) return `Estabelecimento ${id}: nenhum domínio próprio.`;
  return [
    `Estabelecimento ${id} (CNAME para ${alvo}):`,
    ...dominios.map((d) => `  ${d.host}  ${d.url}`),
  ].join('\n');
}

export async function dominioAdicionarCommand(db: Db, [idRaw, host]: string[], config: Cfg): Promise<string> {
  const id = idDe(idRaw);
  if (!host) throw new Error(`Uso: ${USO_DOMINIOS.adicionar}`);
  await existe(db, id);
  const d = await createDominiosService(db, config)
    .adicionar({ idestabelecimento: id, idfuncionario: null }, host)
    .catch(motivo);
  return `Estabelecimento ${id}: domínio ${d.host} adicionado (${d.url}). Crie o CNAME para ${new URL(config.publicUrl).hostname}.`;
}

export async function dominioRemoverCommand(db: Db, [idRaw, host]: string[], config: Cfg): Promise<string> {
  const id = idDe(idRaw);
  if (!host) throw new Error(`Uso: ${USO_DOMINIOS.remover}`);
  await existe(db, id);
  const svc = createDominiosService(db, config);
  const alvo = host.trim().toLowerCase().replace(/\.$/, '');
  const d = (await svc.listar(id)).dominios.find((x) => x.host === alvo);
  if (!d || !(await svc.remover({ idestabelecimento: id, idfuncionario: null }, d.id))) {
    throw new Error(`Estabelecimento ${id} não tem o domínio ${host}.`);
  }
  return `Estabelecimento ${id}: domínio ${d.host} removido.`;
}
