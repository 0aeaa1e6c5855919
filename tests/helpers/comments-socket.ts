import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import { COMMENTS_MESSAGE_TYPE, type CommentEvent } from '@shared/api/comments';

/** A raw y-websocket connection that records the comments frames it receives (issue 28). */
export interface CommentsSocket {
  ws: WebSocket;
  events: CommentEvent[];
  /** Close code, once closed. */
  closeCode: number | null;
  close(): void;
}

/** Opens a raw socket on the document and resolves once the server greeted it (it has joined the room). */
export function openCommentsSocket(collabUrl: string, docId: string, token: string): Promise<CommentsSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${collabUrl}/${docId}?token=${token}`);
    const socket: CommentsSocket = { ws, events: [], closeCode: null, close: () => ws.close() };
    let greeted = false;
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      socket.closeCode = code;
      if (!greeted) reject(new Error(`closed ${code}`));
    });
    ws.on('message', (data: Buffer) => {
      if (!greeted) {
        greeted = true;
        resolve(socket);
      }
      const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (decoding.readVarUint(decoder) !== COMMENTS_MESSAGE_TYPE) return;
      socket.events.push(JSON.parse(decoding.readVarString(decoder)) as CommentEvent);
    });
  });
}
