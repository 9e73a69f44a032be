import { randomBytes } from 'node:crypto';
import { argon2Verify, argon2id } from 'hash-wasm';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane), a random 16-byte salt, stored
 * as the PHC string ('$argon2id$v=19$m=19456,t=2,p=1$…'), which carries its own parameters so
 * they can be raised later without breaking old hashes.
 */
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19 * 1024, hashLength: 32 } as const;

export async function hashSenha(senha: string): Promise<string> {
  return argon2id({ ...PARAMS, password: senha, salt: randomBytes(16), outputType: 'encoded' });
}

let dummy: Promise<string> | undefined;

/**
 * True when `senha` matches `hash`. With no hash (unknown e-mail, social-only account) it still
 * runs one verification against a throwaway hash, so the answer takes as long either way and
 * its timing does not tell which e-mails have accounts.
 */
export async function verifySenha(senha: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummy ??= hashSenha(randomBytes(16).toString('hex'));
    await argon2Verify({ password: senha, hash: await dummy });
    return false;
  }
  try {
    return await argon2Verify({ password: senha, hash });
  } catch {
    // A stored value that is not a PHC string is not a match (and not a 500).
    return false;
  }
}
