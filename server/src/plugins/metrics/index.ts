import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { bearerToken } from '../../infra/security/access';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus figures (`GET /metrics`), and where the token-free listener is when one runs. */
    metrics: { registry: Registry; address: () => AddressInfo | null };
  }
}

/** How often the event-loop lag is sampled (ms). */
const EVENT_LOOP_SAMPLE_MS = 100;

/** Commit times from a tenth of a millisecond to a second (SQLite commits take about a millisecond). */
const COMMIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/**
 * Prometheus figures (issue 27 point 5): documents loaded, connections, stored updates and bytes, the group
 * commit's latency, refused connections by close code, upload bytes, HTTP responses by status, and Node's
 * own (event-loop lag, memory, CPU). `GET /metrics` needs the admin token; `TANDEM_METRICS_PORT` adds a
 * listener without one (loopback unless `TANDEM_METRICS_HOST` says otherwise) for a Prometheus beside it.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  // A registry per app, not prom-client's global one: tests and tools run several apps in one process.
  const registry = new Registry();
  // The event-loop lag histogram samples with a timer: prom-client's default (every 10 ms) woke an idle server
  // 100 times a second, about 0.8 % of a core with nothing to do; every 100 ms still catches any stall that matters.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const collab = app.collab;

  new Gauge({
    name: 'tandem_documents_loaded',
    help: 'Documents open in this process.',
    registers: [registry],
    collect() {
      this.set(collab.stats().documents);
    },
  });
  new Gauge({
    name: 'tandem_connections',
    help: 'Collaboration connections (WebSockets) on open documents.',
    registers: [registry],
    collect() {
      this.set(collab.stats().connections);
    },
  });
  const updates = new Counter({
    name: 'tandem_updates_total',
    help: 'Updates stored and broadcast (one merged update per document and commit).',
    registers: [registry],
  });
  const updateBytes = new Counter({
    name: 'tandem_update_bytes_total',
    help: 'Bytes of the updates stored.',
    registers: [registry],
  });
  const commits = new Histogram({
    name: 'tandem_commit_seconds',
    help: 'Time the store took for one group commit (every document changed in one event-loop turn).',
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'tandem_refused_connections_total',
    help: 'Collaboration connections the server closed, by close code (4415: an update the model refuses).',
    labelNames: ['code'],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'tandem_upload_bytes_total',
    help: 'Request bytes of accepted uploads.',
    registers: [registry],
  });
  const responses = new Counter({
    name: 'tandem_http_responses_total',
    help: 'HTTP responses by status code.',
    labelNames: ['status'],
    registers: [registry],
  });

  const relayLag = new Histogram({
    name: 'tandem_stream_lag_seconds',
    help: 'Several instances: time from another instance publishing an update to this one applying it.',
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  const backfills = new Counter({
    name: 'tandem_backfilled_updates_total',
    help: 'Several instances: stored updates read from PostgreSQL because the bus had not delivered them.',
    registers: [registry],
  });
  new Gauge({
    name: 'tandem_bus_connected',
    help: 'Several instances: 1 while the Redis links are up, 0 when they are down (absent with one instance).',
    registers: app.collabBus ? [registry] : [],
    collect() {
      this.set(app.collabBus?.connected ? 1 : 0);
    },
  });

  collab.addHooks({
    name: 'metrics',
    onChange: ({ update }) => {
      updates.inc();
      updateBytes.inc(update.byteLength);
    },
  });
  collab.addMeter({
    committed: (seconds) => commits.observe(seconds),
    refused: (code) => refused.inc({ code: String(code) }),
    relayed: (seconds) => relayLag.observe(seconds),
    backfilled: (rows) => backfills.inc(rows),
  });
  app.addHook('onResponse', async (request, reply) => {
    responses.inc({ status: String(reply.statusCode) });
    const limit = (request.routeOptions.config as { requestLimit?: string } | undefined)?.requestLimit;
    if (limit === 'uploads' && reply.statusCode < 300) {
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > 0) uploadBytes.inc(length);
    }
  });

  const body = async (): Promise<string> => registry.metrics();
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    app.access.requireAdmin(bearerToken(request));
    return reply.type(registry.contentType).send(await body());
  });

  let listener: http.Server | null = null;
  if (app.config.metrics) {
    const { port, host } = app.config.metrics;
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      body().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics could not be collected');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    listener = server;
    app.log.info({ address: server.address() }, 'metrics listener started');
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
  app.decorate('metrics', {
    registry,
    address: () => {
      const address = listener?.address();
      return address && typeof address === 'object' ? address : null;
    },
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['context', 'collab'] });
