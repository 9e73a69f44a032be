/** Stub: filled in by issue 4. */
export default function Page() {
  return <h1>Acompanhar pedido</h1>;
}
