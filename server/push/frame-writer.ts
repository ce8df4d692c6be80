// Fan-out fast path: a message is framed once per publish (RFC 6455 §5.2, an unmasked final text
// frame, as servers send) and the same bytes are written to every subscriber's socket, one write
// each, instead of each socket framing the payload again through ws.send. This is safe because the
// gateway never compresses and never sends Blobs, so ws writes every frame of its own synchronously
// and whole; when its sender has anything queued we fall back to ws.send to keep frames in order.
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** The complete wire bytes of one text frame carrying `payload`. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x81, length]);
  } else if (length < 65_536) {
    header = Buffer.from([0x81, 126, length >> 8, length & 0xff]);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

interface WebSocketInternals {
  readonly _socket?: Socket | null;
  readonly _sender?: { readonly _queue?: readonly unknown[] } | null;
}

/** Writes a pre-built frame to the connection's socket, or sends the payload through ws when it cannot. */
export function writeFrame(ws: WebSocket, frame: Buffer, payload: Buffer): void {
  const internals = ws as unknown as WebSocketInternals;
  const socket = internals._socket;
  const queued = internals._sender?._queue?.length ?? 0;
  if (socket?.writable && queued === 0 && typeof socket.write === 'function') socket.write(frame);
  else ws.send(payload, { binary: false });
}
