/**
 * A feature's cost as on ÷ off in one run: loads in pairs whose order alternates (off then on,
 * on then off, …). A drift through the run (the database growing, the machine's neighbours) and
 * whatever favours one place in a pair (in one notifications run the off-on pairs came out near
 * 1.0 and the on-off ones near 0.85; in the next, the other way round) then weigh on both sides
 * alike; with 'off' always first they all fell on one side. `aoFim` reports each pair as it ends; the caller takes the median of the
 * pairs' ratios.
 */
export async function emPares<S, C>(
  n: number,
  sem: () => Promise<S>,
  com: () => Promise<C>,
  aoFim: (par: { sem: S; com: C; ordem: 'sem, com' | 'com, sem'; i: number }) => void,
): Promise<{ sem: S; com: C }[]> {
  const pares: { sem: S; com: C }[] = [];
  for (let i = 0; i < n; i++) {
    const semPrimeiro = i % 2 === 0;
    let par: { sem: S; com: C };
    if (semPrimeiro) {
      const s = await sem();
      par = { sem: s, com: await com() };
    } else {
      const c = await com();
      par = { sem: await sem(), com: c };
    }
    pares.push(par);
    aoFim({ ...par, ordem: semPrimeiro ? 'sem, com' : 'com, sem', i });
  }
  return pares;
}
