import { MessageType, SyncType } from './protocol';

/** A message and the complete WebSocket frame around it (the message is a view into the frame). */
export interface Framed {
  frame: Buffer;
  message: Uint8Array;
}

/**
 * A complete WebSocket binary frame (RFC 6455 §5.2: FIN, opcode 2, unmasked as server frames are) holding
 * `message`. A broadcast builds it once and writes the same bytes to every socket of the room, where
 * `ws.send` would frame the message again for each socket.
 */
export function binaryFrame(message: Uint8Array): Buffer {
  return framed([], message).frame;
}

/** The y-websocket sync update message of `update` (`[0, 2, varUint length, update]`), framed in one buffer. */
export function syncUpdateFrame(update: Uint8Array): Framed {
  return framed([MessageType.sync, SyncType.update, ...varUint(update.byteLength)], update);
}

function framed(prefix: readonly number[], body: Uint8Array): Framed {
  const length = prefix.length + body.byteLength;
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x82;
  if (headerBytes === 2) {
    frame[1] = length;
  } else if (headerBytes === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.set(prefix, headerBytes);
  frame.set(body, headerBytes + prefix.length);
  return { frame, message: frame.subarray(headerBytes) };
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
