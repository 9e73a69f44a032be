import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** What one axe-core analysis answers. */
export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe-core on the page as it is now: every rule, every frame of the page (ours are all
 * same-origin). Legacy mode runs `axe.run` inside the page; the default mode merges its frames'
 * partial results in a blank page it opens and closes for every analysis, which on a 2-core
 * machine made each scan about twice as long (issue 21: the accessibility files were 15 of
 * CI's 47 minutes). Only violations are collected (`resultTypes`): axe then keeps one node per
 * passed or incomplete rule instead of every node, which halved a scan of the menu editor
 * (3.5–4.0 s → 1.9–2.1 s, 1,368 elements); the tests assert on violations only.
 */
export function axePara(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
