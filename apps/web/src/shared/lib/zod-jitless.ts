// zod compiles object parsers with `new Function` unless told not to; under our CSP
// (`script-src 'self'`, no 'unsafe-eval') that probe is a console CSP violation. Imported first
// by main.tsx so it runs before any schema parses.
import { config } from 'zod/mini';

config({ jitless: true });
