export function EstabelecimentoPage() {
  return null;
}
