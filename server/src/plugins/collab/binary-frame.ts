import { Sender } from 'ws';
import { MessageType, SyncType } from './protocol';

declare module 'ws' {
  // ws exports its frame builder (`Sender.frame`, public in ws 8); @types/ws does not declare it.
  export const Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
}

/** A server's binary data frame: final, opcode 2, unmasked and uncompressed. */
const BINARY = { fin: true, opcode: 0x2, mask: false, readOnly: false, rsv1: false };

/**
 * A message and the complete WebSocket frame around it (the message is a view into the frame), built by ws.
 * A broadcast builds it once and writes the same bytes to every socket of the room, where `ws.send` would
 * frame the message again for each socket.
 */
export interface Framed {
  frame: Buffer;
  message: Uint8Array;
}

/** The y-websocket sync update message of `update` (`[0, 2, varUint length, update]`), framed in one buffer. */
export function syncUpdateFrame(update: Uint8Array): Framed {
  return framed([MessageType.sync, SyncType.update, ...varUint(update.byteLength)], update);
}

/** The y-websocket awareness message of an awareness update (`[1, varUint length, update]`), framed. */
export function awarenessFrame(update: Uint8Array): Framed {
  return framed([MessageType.awareness, ...varUint(update.byteLength)], update);
}

/** A server message sent as it is (its own type first, e.g. a comments frame), framed. */
export function messageFrame(message: Uint8Array): Framed {
  return framed([], message);
}

function framed(prefix: readonly number[], body: Uint8Array): Framed {
  const message = Buffer.allocUnsafe(prefix.length + body.byteLength);
  message.set(prefix, 0);
  message.set(body, prefix.length);
  const parts = Sender.frame(message, BINARY);
  // One buffer, so each delivery is a single socket write.
  const frame = Buffer.concat(parts);
  return { frame, message: frame.subarray(frame.byteLength - message.byteLength) };
}

/** lib0's varUint: seven bits per byte, low bits first, the high bit set on all but the last byte. */
function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push(0x80 | (rest & 0x7f));
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}
