import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

export interface FakeHttp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request the fake received: path with query, and headers. */
  requests: { url: string; headers: Record<string, string | string[] | undefined> }[];
  close(): Promise<void>;
}

/**
 * A local stand-in for an outside provider (ViaCEP, Google, Nominatim): a Fastify server on a
 * free port whose routes the test declares with the provider's documented answers.
 */
export async function startFakeHttp(routes: (app: FastifyInstance) => void): Promise<FakeHttp> {
  const app = Fastify({ logger: false });
  const requests: FakeHttp['requests'] = [];
  app.addHook('onRequest', async (req) => {
    requests.push({ url: req.url, headers: req.headers });
  });
  routes(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, requests, close: () => app.close() };
}
