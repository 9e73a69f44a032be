/** Stub: filled in by issue 4. */
export default function Page() {
  return <h1>Meus Pedidos</h1>;
}
