// Push gateway (S7-23): a WebSocket endpoint where clients subscribe to subjects and receive
// `{"subject": …, "body": …}` per message. The gateway holds one broker subscription per subject
// (not per socket) and encodes each message once per publish, then writes the same bytes to every
// subscriber. A subscriber whose send buffer grows past a bound is dropped, never buffered without bound.
// Personal subjects (lsid_<profile>_<namespace>) need proof: the client sends its account's id and hash
// (`"auth"` beside `"subscribe"`), the personal-subject handler checks them, and a subject that is not
// theirs (or any, with no handler or no proof) is refused with `{"refused": <subject>}`. Held personal subjects
// are checked again every minute: one whose session ended is refused then and dropped.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Unsubscribe } from '../../src/protocol/feed-source';
import type { Broker } from './broker';
import { isPersonalSubject, type PushCredentials, parseClientMessage } from './client-message';
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
  /** Who may have a personal subject, and what is published on it; without it they are all refused. */
  readonly personal?: PersonalSubjects;
  /** How often a held personal subject's proof is checked again (a logout ends it); 0 never. */
  readonly personalRecheckMs?: number;
}

/** Personal subjects (S7-23 lsid_): their proof and their publisher. */
export interface PersonalSubjects {
  /** Whether the credentials prove the subject belongs to their account. */
  authorize(subject: string, credentials: PushCredentials): Promise<boolean>;
  /** The subject got its first subscriber: publishing on it starts; the returned function stops it. */
  open(subject: string): Unsubscribe;
}

export interface PushGateway {
  /** Handles upgrade requests for the gateway path on this HTTP server. */
  attach(server: Server): void;
  /** Connections currently open. */
  clientCount(): number;
  /** Connections dropped because they read too slowly. */
  droppedSlowCount(): number;
  /** Sets (or, with null, removes) the personal-subject handler; a plugin registered later brings it. */
  setPersonal(personal: PersonalSubjects | null): void;
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
const DEFAULT_PERSONAL_RECHECK_MS = 60_000; // ours: a session that ended stops its notifications within a minute

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
  const credentialsOf = new WeakMap<WebSocket, PushCredentials>();
  /** Personal subjects whose proof is being checked, per socket. */
  const checking = new WeakMap<WebSocket, Set<string>>();
  let personal = options.personal ?? null;
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
      const stopBroker = options.broker.subscribe(subject, (body) => deliver(subject, body));
      const stopPersonal = isPersonalSubject(subject) && personal ? personal.open(subject) : null;
      channel = {
        sockets: new Set(),
        unsubscribe: () => {
          stopBroker();
          stopPersonal?.();
        },
      };
      channels.set(subject, channel);
    }
    channel.sockets.add(socket);
    mine.add(subject);
  }

  function refuse(socket: WebSocket, subject: string): void {
    if (socket.readyState === 1) socket.send(JSON.stringify({ refused: subject }));
  }

  /** A personal subject is subscribed only once its proof holds, and only if still wanted then. */
  function subscribePersonal(socket: WebSocket, subject: string): void {
    const proof = credentialsOf.get(socket);
    const pending = checking.get(socket);
    const mine = subjectsOf.get(socket);
    if (!mine || !pending || mine.has(subject) || pending.has(subject)) return;
    if (!personal || !proof || mine.size + pending.size >= maxSubjects) {
      refuse(socket, subject);
      return;
    }
    pending.add(subject);
    const settle = (ok: boolean) => {
      // Unsubscribed or closed while the proof was checked: nothing to do.
      if (!pending.delete(subject) || !subjectsOf.has(socket)) return;
      if (ok) subscribe(socket, subject);
      else refuse(socket, subject);
    };
    personal.authorize(subject, proof).then(settle, () => settle(false));
  }

  function unsubscribe(socket: WebSocket, subject: string): void {
    checking.get(socket)?.delete(subject);
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
    checking.get(socket)?.clear();
  }

  function drop(socket: WebSocket): void {
    forget(socket);
    socket.terminate();
  }

  wss.on('connection', (socket: WebSocket) => {
    subjectsOf.set(socket, new Set());
    checking.set(socket, new Set());
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const message = parseClientMessage(data.toString());
      if (!message) {
        log('push: ignored a malformed client message');
        return;
      }
      if (message.auth) credentialsOf.set(socket, message.auth);
      for (const subject of message.unsubscribe) unsubscribe(socket, subject);
      for (const subject of message.subscribe) {
        if (isPersonalSubject(subject)) subscribePersonal(socket, subject);
        else subscribe(socket, subject);
      }
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

  /** A held personal subject whose proof no longer holds (the session ended) is refused and dropped. */
  function recheckPersonal(): void {
    for (const socket of wss.clients) {
      const proof = credentialsOf.get(socket);
      const held = [...(subjectsOf.get(socket) ?? [])].filter(isPersonalSubject);
      for (const subject of held) {
        const drop = () => {
          if (!subjectsOf.get(socket)?.has(subject)) return;
          unsubscribe(socket, subject);
          refuse(socket, subject);
        };
        if (!personal || !proof) drop();
        else personal.authorize(subject, proof).then((ok) => ok || drop(), drop);
      }
    }
  }
  const recheckMs = options.personalRecheckMs ?? DEFAULT_PERSONAL_RECHECK_MS;
  const recheck = recheckMs > 0 ? setInterval(recheckPersonal, recheckMs) : null;
  recheck?.unref();

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
    setPersonal(next) {
      personal = next;
    },
    droppedSlowCount: () => droppedSlow,
    close() {
      if (heartbeat) clearInterval(heartbeat);
      if (recheck) clearInterval(recheck);
      for (const server of servers) server.off('upgrade', onUpgrade);
      servers.clear();
      for (const socket of wss.clients) drop(socket);
      for (const channel of channels.values()) channel.unsubscribe();
      channels.clear();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
