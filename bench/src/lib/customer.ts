/** A real customer for the benchmarks, through the app's own sign-up and confirmation flow. */

export async function json(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A confirmed customer through the real flow: sign up, read the outbox link in the log, confirm. */
export async function confirmedCustomer(
  baseUrl: string,
  output: () => string,
): Promise<{ email: string; senha: string }> {
  const email = `bench.${Date.now()}@exemplo.com.br`;
  const senha = 'segredo-do-bench';
  const res = await json(`${baseUrl}/api/ead/controle/cliente/`, {
    nomeourazaosocial: 'Bench',
    email,
    telefone: '11987654321',
    senha,
    confirm: senha,
  });
  if (res.status !== 201) throw new Error(`cadastro: ${res.status} ${await res.text()}`);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = /\/confirma\/([^\s"]+)/.exec(output())?.[1];
    if (!link) await new Promise((r) => setTimeout(r, 50));
  }
  if (!link) throw new Error('link de confirmação não apareceu no log');
  const [uuid, token] = link.split('/');
  const ok = await fetch(`${baseUrl}/api/ead/controle/cliente/${uuid}/confirmar/${token}/`, {
    method: 'POST',
  });
  if (!ok.ok) throw new Error(`confirmação: ${ok.status}`);
  return { email, senha };
}

/** Logs in: the access token for Bearer calls. */
export async function login(baseUrl: string, email: string, senha: string): Promise<string> {
  const res = await json(`${baseUrl}/api/ead/controle/token/`, { email, senha });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}
