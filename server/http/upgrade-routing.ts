// Which requests offering `Upgrade` are push: only a WebSocket upgrade on the push path. Node hands every
// request with an Upgrade header to the server's 'upgrade' listeners once one exists, so without this an
// HTTP/1.1 client offering `Upgrade: h2c` on http:// (or a WebSocket on a feed path) would get nothing but
// the gateway's 404. Those requests are answered as ordinary HTTP/1.1 requests instead, then the
// connection closes (its parser is gone after an upgrade offer).
import { EventEmitter } from 'node:events';
import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Whether a request is a WebSocket upgrade for `pushPath`. */
export function isPushUpgrade(request: IncomingMessage, pushPath: string): boolean {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const upgrade = String(request.headers.upgrade ?? '').toLowerCase();
  return path === pushPath && request.method === 'GET' && upgrade.split(/\s*,\s*/).includes('websocket');
}

/** A socket's error listener until its upgrade is done: shared, so it costs no closure per connection. */
export function destroyOnError(this: Duplex): void {
  this.destroy();
}

/** Removes destroyOnError once the WebSocket owns the socket (ws listens for its errors from then on). */
export function upgraded(socket: Duplex): void {
  while (socket.listeners('error').includes(destroyOnError)) socket.off('error', destroyOnError);
}

/** Answers an upgrade offer through the server's ordinary request handler, as HTTP/1.1. */
function serveAsHttp(server: Server, request: IncomingMessage, socket: Duplex): void {
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket as Socket);
  response.on('finish', () => {
    response.detachSocket(socket as Socket);
    socket.end();
  });
  server.emit('request', request, response);
}

/**
 * Routes the server's upgrade offers: WebSocket upgrades on `pushPath` to the returned emitter (the
 * push gateway attaches to it as to a server), everything else to the HTTP handler.
 */
export function routeUpgrades(server: Server, pushPath: string): { push: Server; stop(): void } {
  const push = new EventEmitter();
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    if (isPushUpgrade(request, pushPath)) push.emit('upgrade', request, socket, head);
    else serveAsHttp(server, request, socket);
  };
  server.on('upgrade', onUpgrade);
  // The gateway only listens for 'upgrade' on what it is attached to.
  return { push: push as unknown as Server, stop: () => server.off('upgrade', onUpgrade) };
}
