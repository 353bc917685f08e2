/** Public and private WebSocket servers (owned by the WS/market/faults engineer). No-op stub. */
import type { Server } from 'node:http';
import type { SandboxContext } from '../context.js';

export function attachWebSocket(_server: Server, _ctx: SandboxContext): { close(): Promise<void> } {
  return { close: async () => {} };
}
