/**
 * A complete WebSocket binary frame (RFC 6455 §5.2: FIN, opcode 2, unmasked as server frames are) holding
 * `message`. A broadcast builds it once and writes the same bytes to every socket of the room, where
 * `ws.send` would frame the message again for each socket.
 */
export function binaryFrame(message: Uint8Array): Buffer {
  const length = message.byteLength;
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
  frame.set(message, headerBytes);
  return frame;
}
