import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isValidDocId } from '@shared/api/documents';
import { CloseCode } from '@shared/collab/close-codes';
import { socketToken, type AccessRole } from '../../infra/security/access';
import type { CollabBus, CollabCore, CollabHooks, ConnectionCounter } from '../../domain/collab/collab-core';
import { InProcessBus } from './bus';
import { roomConnectionCounter } from './connection-counter';
import { DocRegistry } from './registry';
import type { GuardConfig } from './room-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** The collaboration core: open documents, their hooks (see domain/collab/collab-core.ts). */
    collab: CollabCore;
  }
  interface FastifyRequest {
    collabDecision?: { ok: true; role: AccessRole } | { ok: false; close: { code: number; reason: string } };
  }
}

type CollabRequest = FastifyRequest<{ Params: { docId: string }; Querystring: { start?: string } }>;

/**
 * Names the document model this server checks with: its options and the code that holds its rules (the
 * built file this code is in, whose imports name the other chunks by content hash). A stored state checked under another
 * fingerprint is checked again on load.
 */
function modelFingerprint(options: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('base64url').slice(0, 22);
}

export interface CollabOptions {
  /** Links the processes that hold the same documents open; the in-process bus by default. */
  bus?: CollabBus;
  /** Counts each document's connections for its cap; this process's rooms by default. */
  connections?: ConnectionCounter;
}

/**
 * Lets go of the upgrade's HTTP request once the WebSocket is open: otherwise each idle connection keeps
 * fastify's request and reply, their child logger and Node's request and response (~2.5 KiB per client,
 * issue 29). Two references hold them: @fastify/websocket's own 'error' listener (the connection listens
 * itself, connection.ts) and the response @fastify/websocket assigned to the socket for the upgrade.
 */
function releaseUpgradeRequest(ws: WebSocket, socket: Duplex): void {
  for (const listener of ws.listeners('error')) ws.removeListener('error', listener as (...args: unknown[]) => void);
  // Node's own link from a socket to its response (no public getter); `detachSocket` is how Node unlinks it.
  const held = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  held?.detachSocket(socket as Socket);
}

async function collabPlugin(app: FastifyInstance, opts: CollabOptions): Promise<void> {
  const log = app.log.child({ plugin: 'collab' });
  const hooks: CollabHooks[] = [];
  const checked = app.config.collab.guard;
  const guard: GuardConfig = {
    // The document model (Tiptap) loads when the first document opens, not at start (issue 29).
    rules: null,
    loadRules: checked ? async () => (await app.loadDocumentModel()).rules : undefined,
    fingerprint: checked ? modelFingerprint(app.config.editor) : null,
    ...app.config.counters,
  };
  const bus = opts.bus ?? app.collabBus ?? new InProcessBus();
  // With several instances the cap counts the document's connections on all of them (plugins/redis-bus).
  const connections = opts.connections ?? app.collabConnections ?? roomConnectionCounter;
  const registry = new DocRegistry({
    updates: app.store.updates,
    limits: app.config.collab,
    log,
    hooks,
    meters: [],
    guard,
    bus,
    connections,
  });
  app.decorate<CollabCore>('collab', registry);

  await app.register(websocket, {
    // Graceful stop: the core closes every socket with "shutting down" (clients reconnect, through the load
    // balancer, to another instance) and stores what is pending; the plugin's own default would close them
    // without a code first (1005).
    preClose: async () => {
      await registry.shutdown();
      for (const socket of app.websocketServer.clients) socket.terminate();
      app.websocketServer.close();
    },
    options: {
      maxPayload: app.config.collab.maxMessageBytes,
      // ws's default, said out loud: a compression context per socket costs far more than it saves here.
      perMessageDeflate: false,
      // Offered subprotocols: `tandem` plus `tandem-token.<token>`; never echo the token back.
      handleProtocols: (protocols) => (protocols.has('tandem') ? 'tandem' : false),
    },
  });

  /** Decides before the upgrade, so the handler can attach listeners synchronously. */
  async function decide(request: CollabRequest): Promise<void> {
    const { docId } = request.params;
    if (!isValidDocId(docId)) {
      request.collabDecision = { ok: false, close: CloseCode.DOC_NOT_FOUND };
      return;
    }
    const role = app.access.roleFor(docId, socketToken(request));
    if (role === null) {
      request.collabDecision = { ok: false, close: CloseCode.UNAUTHORIZED };
      return;
    }
    let doc = await app.store.documents.get(docId);
    if (!doc && role === 'admin') {
      // The operator token opens any valid id and creates it (benchmarks, other systems).
      try {
        doc = await app.store.documents.create(docId, '', Date.now());
      } catch {
        doc = await app.store.documents.get(docId);
      }
    }
    if (!doc) request.collabDecision = { ok: false, close: CloseCode.DOC_NOT_FOUND };
    else if (doc.deletedAt !== null) request.collabDecision = { ok: false, close: CloseCode.DOC_DELETED };
    else request.collabDecision = { ok: true, role };
  }

  app.get<{ Params: { docId: string }; Querystring: { start?: string } }>(
    '/collab/:docId',
    { websocket: true, preValidation: decide },
    (socket, request) => {
      const decision = request.collabDecision;
      if (!decision || !decision.ok) {
        const close = decision?.close ?? CloseCode.UNAUTHORIZED;
        socket.on('error', () => undefined);
        socket.close(close.code, close.reason);
        return;
      }
      // The upgraded request's socket is the one under `socket`: broadcasts write frames built once to it.
      // `start=empty`: the client holds nothing of the document yet (a page that just opened it).
      const startsEmpty = request.query.start === 'empty';
      releaseUpgradeRequest(socket, request.raw.socket);
      registry.connect(socket, request.params.docId, decision.role, log, request.raw.socket, startsEmpty);
    },
  );
}

export default fp(collabPlugin, { name: 'collab', dependencies: ['context'] });
