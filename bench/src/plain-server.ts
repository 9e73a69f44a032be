/**
 * The plain-node baseline of the throughput benchmarks (lib/plain.ts: menu and orders): a bare
 * node:http server answering every request with the bytes of BODY_FILE and the content type
 * CONTENT_TYPE, on PORT.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const contentType = process.env.CONTENT_TYPE ?? 'application/json';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
