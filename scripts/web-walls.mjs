// The web's walls (issue 21, in the style of bulletproof-react), judged by check-layers.mjs over
// the whole tree and by ESLint's rango/web-walls rule file by file. Two apps — the customer app
// (`apps/web/src` outside `painel/` and `shared/`) and the restaurant's panel (`painel/`) — on
// one shared layer (`shared/`). Inside each app arrows point one way: app → features → the
// app's lower layer (api, components, lib, …) → shared. A feature never imports another
// feature, nothing imports its app's shell from below, the two apps never import each other,
// and shared imports neither. Imports are resolved to files, so `../../x` is judged by where it
// lands, not by how it is spelled. Tests may import test fixtures across the walls.
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';

export const WEB = fileURLToPath(new URL('../apps/web/src', import.meta.url));

/** Where a file sits: its app, its layer in that app, and its feature when it is in one. */
export function place(file) {
  const rel = relative(WEB, file).split('/');
  const app = rel[0] === 'painel' ? 'painel' : rel[0] === 'shared' ? 'shared' : 'cliente';
  const parts = app === 'cliente' ? rel : rel.slice(1);
  if (app === 'shared') return { app, layer: 'shared' };
  if (parts[0] === 'features') return { app, layer: 'feature', feature: parts[1] };
  // The shell: the router and providers, and the entry points that mount them (the panel's
  // other top-level files — paths, session, storage — are its lower layer).
  if (parts[0] === 'app') return { app, layer: 'app' };
  if (parts.length === 1 && (app === 'cliente' || parts[0] === 'main.tsx')) return { app, layer: 'app' };
  return { app, layer: 'lower' };
}

export const RANK = { app: 3, feature: 2, lower: 1, shared: 0 };

export const isTest = (f) => /\.test\.tsx?$/.test(f) || /\/(testing|test)\//.test(f);

export function problem(from, to) {
  const a = place(from);
  const b = place(to);
  // Tests and test helpers may reach anything of their own app (a render helper mounts the
  // router), and shared code's tests the app they are rendered in; never the other app.
  if (isTest(from) && (a.app === b.app || a.app === 'shared' || isTest(to))) return null;
  if (a.app !== b.app && b.app !== 'shared') {
    if (a.app === 'shared') return 'shared code imports neither app';
    return `the ${a.app} app does not import the ${b.app} app`;
  }
  if (a.app === 'shared') return null;
  if (b.app === 'shared') return null;
  if (a.layer === 'feature' && b.layer === 'feature' && a.feature !== b.feature)
    return `features do not import each other (${a.feature} → ${b.feature})`;
  if (RANK[b.layer] > RANK[a.layer]) return `a ${a.layer} file does not import its app's ${b.layer}`;
  return null;
}
