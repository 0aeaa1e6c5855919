import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { binaryFrame, syncUpdateFrame } from './binary-frame';
import { encodeUpdateMessage } from './protocol';

/** A message of `n` bytes whose content shows where a frame would cut it wrongly. */
const message = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 0xff);

describe('binaryFrame', () => {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const listening = new Promise<void>((resolve) => server.once('listening', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes frames a ws client reads as the same binary messages, for every length encoding', async () => {
    // 7-bit, 16-bit and 64-bit lengths, each at its edges.
    const sizes = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000];
    await listening;
    server.once('connection', (_ws, request) => {
      for (const n of sizes) request.socket.write(binaryFrame(message(n)));
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
    expect(received.map((r) => new Uint8Array(r.data))).toEqual(sizes.map(message));
  });

  it('frames a sync update message byte for byte as the protocol encoder writes it', () => {
    // varUint lengths of one, two and three bytes, and each frame length encoding.
    for (const n of [0, 1, 127, 128, 16_383, 16_384, 65_530, 70_000]) {
      const update = message(n);
      const { frame, message: body } = syncUpdateFrame(update);
      expect(new Uint8Array(body)).toEqual(encodeUpdateMessage(update));
      expect(frame).toEqual(binaryFrame(encodeUpdateMessage(update)));
    }
  });
});
