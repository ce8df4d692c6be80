// Push gateway (S7-23): a WebSocket endpoint where clients subscribe to subjects and receive
// `{"subject": …, "body": …}` per message. The gateway holds one broker subscription per subject
// (not per socket) and encodes each message once per publish, then writes the same bytes to every
// subscriber. A subscriber whose send buffer grows past a bound is dropped, never buffered without bound.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Unsubscribe } from '../../src/protocol/feed-source';
import type { Broker } from './broker';
import { parseClientMessage } from './client-message';
import { textFrame, writeFrame } from './frame-writer';

export interface PushGatewayOptions {
  readonly broker: Broker;
  /** URL path of the endpoint. */
  readonly path?: string;
  /** A subscriber with more than this many bytes queued is dropped. */
  readonly maxBufferedBytes?: number;
  /** Subjects one connection may hold at once. */
  readonly maxSubjectsPerClient?: number;
  /** Largest client message accepted, in bytes. */
  readonly maxClientMessageBytes?: number;
  /** Ping interval; a connection that missed the previous pong is closed. 0 disables. */
  readonly heartbeatMs?: number;
  readonly log?: (message: string) => void;
}

export interface PushGateway {
  /** Handles upgrade requests for the gateway path on this HTTP server. */
  attach(server: Server): void;
  /** Connections currently open. */
  clientCount(): number;
  /** Connections dropped because they read too slowly. */
  droppedSlowCount(): number;
  close(): Promise<void>;
}

interface SubjectChannel {
  readonly sockets: Set<WebSocket>;
  readonly unsubscribe: Unsubscribe;
}

const DEFAULT_PATH = '/push';
const DEFAULT_MAX_BUFFERED = 4 * 1024 * 1024;
const DEFAULT_MAX_SUBJECTS = 256;
const DEFAULT_MAX_CLIENT_MESSAGE = 16 * 1024;
const DEFAULT_HEARTBEAT_MS = 30_000;

export function createPushGateway(options: PushGatewayOptions): PushGateway {
  const path = options.path ?? DEFAULT_PATH;
  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
  const maxSubjects = options.maxSubjectsPerClient ?? DEFAULT_MAX_SUBJECTS;
  const log = options.log ?? (() => {});
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: true,
    maxPayload: options.maxClientMessageBytes ?? DEFAULT_MAX_CLIENT_MESSAGE,
    perMessageDeflate: false,
  });
  const channels = new Map<string, SubjectChannel>();
  const subjectsOf = new WeakMap<WebSocket, Set<string>>();
  const alive = new WeakMap<WebSocket, boolean>();
  let droppedSlow = 0;
  const servers = new Set<Server>();

  function deliver(subject: string, body: string): void {
    const channel = channels.get(subject);
    if (!channel) return;
    // Encoded and framed once per publish; every subscriber gets the same bytes.
    const payload = Buffer.from(JSON.stringify({ subject, body }));
    const frame = textFrame(payload);
    for (const socket of channel.sockets) {
      if (socket.readyState !== 1) continue;
      if (socket.bufferedAmount > maxBuffered) {
        droppedSlow += 1;
        log(`push: dropping a slow subscriber (${socket.bufferedAmount} bytes queued)`);
        drop(socket);
        continue;
      }
      writeFrame(socket, frame, payload);
    }
  }

  function subscribe(socket: WebSocket, subject: string): void {
    const mine = subjectsOf.get(socket);
    if (!mine || mine.has(subject) || mine.size >= maxSubjects) return;
    let channel = channels.get(subject);
    if (!channel) {
      channel = {
        sockets: new Set(),
        unsubscribe: options.broker.subscribe(subject, (body) => deliver(subject, body)),
      };
      channels.set(subject, channel);
    }
    channel.sockets.add(socket);
    mine.add(subject);
  }

  function unsubscribe(socket: WebSocket, subject: string): void {
    const mine = subjectsOf.get(socket);
    if (!mine?.delete(subject)) return;
    const channel = channels.get(subject);
    if (!channel) return;
    channel.sockets.delete(socket);
    if (channel.sockets.size === 0) {
      channel.unsubscribe();
      channels.delete(subject);
    }
  }

  function forget(socket: WebSocket): void {
    const mine = subjectsOf.get(socket);
    if (!mine) return;
    for (const subject of [...mine]) unsubscribe(socket, subject);
    subjectsOf.delete(socket);
  }

  function drop(socket: WebSocket): void {
    forget(socket);
    socket.terminate();
  }

  wss.on('connection', (socket: WebSocket) => {
    subjectsOf.set(socket, new Set());
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const message = parseClientMessage(data.toString());
      if (!message) {
        log('push: ignored a malformed client message');
        return;
      }
      for (const subject of message.unsubscribe) unsubscribe(socket, subject);
      for (const subject of message.subscribe) subscribe(socket, subject);
    });
    socket.on('close', () => forget(socket));
    // Abrupt disconnects and protocol errors only end this connection.
    socket.on('error', () => drop(socket));
  });

  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const heartbeat =
    heartbeatMs > 0
      ? setInterval(() => {
          for (const socket of wss.clients) {
            if (alive.get(socket) === false) {
              drop(socket);
              continue;
            }
            alive.set(socket, false);
            try {
              socket.ping();
            } catch {
              drop(socket);
            }
          }
        }, heartbeatMs)
      : null;
  heartbeat?.unref();

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const requestPath = query === -1 ? url : url.slice(0, query);
    if (requestPath !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  }

  return {
    attach(server) {
      if (servers.has(server)) return;
      servers.add(server);
      server.on('upgrade', onUpgrade);
    },
    clientCount: () => wss.clients.size,
    droppedSlowCount: () => droppedSlow,
    close() {
      if (heartbeat) clearInterval(heartbeat);
      for (const server of servers) server.off('upgrade', onUpgrade);
      servers.clear();
      for (const socket of wss.clients) drop(socket);
      for (const channel of channels.values()) channel.unsubscribe();
      channels.clear();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
