import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import { awarenessFrame, syncUpdateFrame } from './binary-frame';
import { encodeAwarenessMessage, encodeUpdateMessage } from './protocol';

/** A message of `n` bytes whose content shows where a frame would cut it wrongly. */
const message = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 0xff);
/** Bytes as one string: a deep equality over 200,000 array elements takes seconds, a string compare does not. */
const b64 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

describe('binary frames', () => {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const listening = new Promise<void>((resolve) => server.once('listening', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes frames a ws client reads as the same binary messages, for every length encoding', async () => {
    // Messages (update, plus a 4 or 5 byte prefix) of 7-bit, 16-bit and 64-bit lengths, each at its edges.
    const sizes = [0, 1, 122, 123, 124, 65_530, 65_531, 200_000];
    await listening;
    server.once('connection', (_ws, request) => {
      for (const n of sizes) request.socket.write(syncUpdateFrame(message(n)).frame);
    });
    const { port } = server.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const received: Array<{ data: Buffer; isBinary: boolean }> = [];
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data, isBinary) => {
        received.push({ data: data as Buffer, isBinary });
        if (received.length === sizes.length) resolve();
      });
      client.on('error', reject);
    });
    client.close();
    expect(received.map((r) => r.isBinary)).toEqual(sizes.map(() => true));
    expect(received.map((r) => b64(r.data))).toEqual(sizes.map((n) => b64(encodeUpdateMessage(message(n)))));
  });

  it('frames a sync update message byte for byte as the protocol encoder writes it', () => {
    // varUint lengths of one, two and three bytes, and each frame length encoding.
    for (const n of [0, 1, 127, 128, 16_383, 16_384, 65_530, 70_000]) {
      const update = message(n);
      const { frame, message: body } = syncUpdateFrame(update);
      expect(b64(body)).toBe(b64(encodeUpdateMessage(update)));
      expect(b64(frame.subarray(frame.byteLength - body.byteLength))).toBe(b64(body));
    }
  });

  it('frames an awareness message byte for byte as the protocol encoder writes it', () => {
    const awareness = new awarenessProtocol.Awareness(new Y.Doc());
    for (const name of ['A', 'B'.repeat(200), 'C'.repeat(70_000)]) {
      awareness.setLocalState({ user: { name, color: '#000000' } });
      const update = awarenessProtocol.encodeAwarenessUpdate(awareness, [awareness.clientID]);
      const expected = encodeAwarenessMessage(awareness, [awareness.clientID]);
      const { frame, message } = awarenessFrame(update);
      expect(b64(message)).toBe(b64(expected));
      expect(b64(frame.subarray(frame.byteLength - message.byteLength))).toBe(b64(expected));
    }
  });
});
