// The proxy's listening socket: loopback dev-server origins added to the Host allowlist, and listen() as a
// promise of the port taken.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHostname } from './upstreams.js';

export function withDevOrigins(set: Set<string>, origins: string[]): Set<string> {
  for (const o of origins) {
    const u = new URL(o);
    if (u.protocol !== 'http:' || !u.port || !isLoopbackHostname(u.hostname)) {
      throw new Error(`dev origin ${o} must be http://<loopback>:<port>`);
    }
    set.add(u.host.toLowerCase());
  }
  return set;
}

export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
