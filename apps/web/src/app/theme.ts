// Moved to lib/theme.ts (features and shared code never import app/). The restaurant panel
// (src/painel) still imports it from here: switch those imports and delete this file.
export { cssVariablesResolver, theme } from '../lib/theme.ts';
