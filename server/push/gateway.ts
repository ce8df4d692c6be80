// Push gateway (S7-23): a WebSocket endpoint where clients subscribe to subjects and receive
// `{"subject": …, "body": …}` per message. The gateway holds one broker subscription per subject
// (not per socket) and encodes and frames each message once per publish, then writes the same bytes to every
// subscriber, in slices that give the event loop back between them (a publish to 10,000 sockets would otherwise hold
// it for ~100 ms); messages go out in publish order. A subscriber whose send buffer grows past a bound is dropped,
// never buffered without bound. Per connection the gateway keeps one small record.
// Personal subjects (lsid_<profile>_<namespace>) need proof: the client sends its account's id and hash
// (`"auth"` beside `"subscribe"`), the personal-subject handler checks them, and a subject that is not
// theirs (or any, with no handler or no proof) is refused with `{"refused": <subject>}`. Held personal subjects
// are checked again every minute: one whose session ended is refused then and dropped.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Unsubscribe } from '../../src/protocol/feed-source';
import type { Broker } from './broker';
import { isPersonalSubject, type PushCredentials, parseClientMessage } from './client-message';
import { destroyOnError, upgraded } from '../http/upgrade-routing';
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
  /** Most socket writes in one slice of a fan-out before the event loop is given back. */
  readonly fanOutSlice?: number;
  /** Longest a slice runs, in ms, before the event loop is given back. */
  readonly fanOutSliceMs?: number;
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
  /** Published messages whose fan-out has not finished yet. */
  pendingFanOuts(): number;
  /** Sets (or, with null, removes) the personal-subject handler; a plugin registered later brings it. */
  setPersonal(personal: PersonalSubjects | null): void;
  close(): Promise<void>;
}

interface SubjectChannel {
  readonly sockets: Set<WebSocket>;
  readonly unsubscribe: Unsubscribe;
}

/** What the gateway keeps per connection: as little as it can (no closures, no sets until needed). */
interface Connection {
  /** Subjects held: a few per page, so an array beats a Set in memory and is as quick to search. */
  readonly subjects: string[];
  /** Personal subjects whose proof is being checked. */
  checking: string[] | null;
  credentials: PushCredentials | null;
  alive: boolean;
}

/** One publish being written to a subject's sockets, slice by slice. */
interface FanOut {
  readonly sockets: IterableIterator<WebSocket>;
  readonly frame: Buffer;
  readonly payload: Buffer;
}

const DEFAULT_PATH = '/push';
const DEFAULT_MAX_BUFFERED = 4 * 1024 * 1024;
const DEFAULT_MAX_SUBJECTS = 256;
const DEFAULT_MAX_CLIENT_MESSAGE = 16 * 1024;
const DEFAULT_HEARTBEAT_MS = 30_000;
const DEFAULT_PERSONAL_RECHECK_MS = 60_000; // ours: a session that ended stops its notifications within a minute
// A socket write costs 5–10 µs: 1,000 writes or 4 ms, whichever comes first, keeps each block well under 10 ms.
const DEFAULT_FAN_OUT_SLICE = 1000;
const DEFAULT_FAN_OUT_SLICE_MS = 4;
const CLOCK_CHECK_EVERY = 16; // writes between looks at the clock

function remove(list: string[], item: string): boolean {
  const at = list.indexOf(item);
  if (at < 0) return false;
  list.splice(at, 1);
  return true;
}

export function createPushGateway(options: PushGatewayOptions): PushGateway {
  const path = options.path ?? DEFAULT_PATH;
  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
  const maxSubjects = options.maxSubjectsPerClient ?? DEFAULT_MAX_SUBJECTS;
  const slice = Math.max(1, options.fanOutSlice ?? DEFAULT_FAN_OUT_SLICE);
  const sliceMs = options.fanOutSliceMs ?? DEFAULT_FAN_OUT_SLICE_MS;
  const log = options.log ?? (() => {});
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: true,
    maxPayload: options.maxClientMessageBytes ?? DEFAULT_MAX_CLIENT_MESSAGE,
    perMessageDeflate: false,
  });
  const channels = new Map<string, SubjectChannel>();
  const connections = new WeakMap<WebSocket, Connection>();
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  let personal = options.personal ?? null;
  let droppedSlow = 0;
  const servers = new Set<Server>();

  // Fan-outs in publish order; the first is being written. A later one starts only when it is done, so every
  // socket gets its messages in the order they were published, whatever their subjects.
  const fanOuts: FanOut[] = [];
  let resume: NodeJS.Immediate | null = null;

  function writeSlice(): void {
    resume = null;
    const began = performance.now();
    let written = 0;
    while (fanOuts.length > 0) {
      const job = fanOuts[0];
      let next = job.sockets.next();
      while (!next.done) {
        const socket = next.value;
        if (socket.readyState === 1) {
          if (socket.bufferedAmount > maxBuffered) {
            droppedSlow += 1;
            log(`push: dropping a slow subscriber (${socket.bufferedAmount} bytes queued)`);
            drop(socket);
          } else {
            writeFrame(socket, job.frame, job.payload);
          }
        }
        written += 1;
        if (written >= slice || (written % CLOCK_CHECK_EVERY === 0 && performance.now() - began >= sliceMs)) {
          resume = setImmediate(writeSlice);
          return;
        }
        next = job.sockets.next();
      }
      fanOuts.shift();
    }
  }

  function deliver(subject: string, body: string): void {
    const channel = channels.get(subject);
    if (!channel || channel.sockets.size === 0) return;
    // Encoded and framed once per publish; every subscriber gets the same bytes.
    const payload = Buffer.from(JSON.stringify({ subject, body }));
    // A live iterator: a socket that leaves before its turn is skipped.
    fanOuts.push({ sockets: channel.sockets.values(), frame: textFrame(payload), payload });
    // The first slice goes out at once unless earlier fan-outs are still being written.
    if (resume === null && fanOuts.length === 1) writeSlice();
  }

  function subscribe(socket: WebSocket, subject: string): void {
    const mine = connections.get(socket);
    if (!mine || mine.subjects.includes(subject) || mine.subjects.length >= maxSubjects) return;
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
    mine.subjects.push(subject);
  }

  function refuse(socket: WebSocket, subject: string): void {
    if (socket.readyState === 1) socket.send(JSON.stringify({ refused: subject }));
  }

  /** A personal subject is subscribed only once its proof holds, and only if still wanted then. */
  function subscribePersonal(socket: WebSocket, subject: string): void {
    const mine = connections.get(socket);
    if (!mine || mine.subjects.includes(subject) || mine.checking?.includes(subject)) return;
    const proof = mine.credentials;
    if (!personal || !proof || mine.subjects.length + (mine.checking?.length ?? 0) >= maxSubjects) {
      refuse(socket, subject);
      return;
    }
    mine.checking ??= [];
    mine.checking.push(subject);
    const settle = (ok: boolean) => {
      // Unsubscribed or closed while the proof was checked: nothing to do.
      if (!mine.checking || !remove(mine.checking, subject) || connections.get(socket) !== mine) return;
      if (ok) subscribe(socket, subject);
      else refuse(socket, subject);
    };
    personal.authorize(subject, proof).then(settle, () => settle(false));
  }

  function unsubscribe(socket: WebSocket, subject: string): void {
    const mine = connections.get(socket);
    if (!mine) return;
    if (mine.checking) remove(mine.checking, subject);
    if (!remove(mine.subjects, subject)) return;
    const channel = channels.get(subject);
    if (!channel) return;
    channel.sockets.delete(socket);
    if (channel.sockets.size === 0) {
      channel.unsubscribe();
      channels.delete(subject);
    }
  }

  function forget(socket: WebSocket): void {
    const mine = connections.get(socket);
    if (!mine) return;
    for (const subject of [...mine.subjects]) unsubscribe(socket, subject);
    mine.checking = null;
    connections.delete(socket);
  }

  function drop(socket: WebSocket): void {
    forget(socket);
    socket.terminate();
  }

  // Listeners shared by every connection (`this` is the socket), not closures made per connection.
  function onPong(this: WebSocket): void {
    const mine = connections.get(this);
    if (mine) mine.alive = true;
  }
  function onMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    const message = parseClientMessage(data.toString());
    if (!message) {
      log('push: ignored a malformed client message');
      return;
    }
    const mine = connections.get(this);
    if (mine && message.auth) mine.credentials = message.auth;
    for (const subject of message.unsubscribe) unsubscribe(this, subject);
    for (const subject of message.subscribe) {
      if (isPersonalSubject(subject)) subscribePersonal(this, subject);
      else subscribe(this, subject);
    }
  }
  function onClose(this: WebSocket): void {
    forget(this);
  }
  // Abrupt disconnects and protocol errors only end this connection.
  function onError(this: WebSocket): void {
    drop(this);
  }

  wss.on('connection', (socket: WebSocket) => {
    connections.set(socket, { subjects: [], checking: null, credentials: null, alive: true });
    if (heartbeatMs > 0) socket.on('pong', onPong); // only a heartbeat reads it
    socket.on('message', onMessage);
    socket.on('close', onClose);
    socket.on('error', onError);
  });

  const heartbeat =
    heartbeatMs > 0
      ? setInterval(() => {
          for (const socket of wss.clients) {
            const mine = connections.get(socket);
            if (mine?.alive === false) {
              drop(socket);
              continue;
            }
            if (mine) mine.alive = false;
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
      const mine = connections.get(socket);
      if (!mine) continue;
      const proof = mine.credentials;
      const held = mine.subjects.filter(isPersonalSubject);
      for (const subject of held) {
        const drop = () => {
          if (!connections.get(socket)?.subjects.includes(subject)) return;
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
    if (!socket.listeners('error').includes(destroyOnError)) socket.on('error', destroyOnError);
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const requestPath = query === -1 ? url : url.slice(0, query);
    if (requestPath !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded(socket);
      wss.emit('connection', ws, request);
    });
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
    pendingFanOuts: () => fanOuts.length,
    close() {
      if (heartbeat) clearInterval(heartbeat);
      if (recheck) clearInterval(recheck);
      if (resume) clearImmediate(resume);
      resume = null;
      fanOuts.length = 0;
      for (const server of servers) server.off('upgrade', onUpgrade);
      servers.clear();
      for (const socket of wss.clients) drop(socket);
      for (const channel of channels.values()) channel.unsubscribe();
      channels.clear();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
