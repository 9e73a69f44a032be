/** 'Olá, Ana' from the customer's name ('Olá!' until it arrives or when it has none). */
export function saudacao(nome: string | null | undefined): string {
  const primeiro = nome?.trim().split(/\s+/)[0];
  return primeiro ? `Olá, ${primeiro}` : 'Olá!';
}
