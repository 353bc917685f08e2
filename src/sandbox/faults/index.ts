/**
 * Fault injection (owned by the WS/market/faults engineer). This file is a no-op stub created by
 * the REST side so the sandbox compiles; the owner replaces the bodies.
 *
 * The REST pipeline calls, for every /v2 request:
 *   const f = await ctx.faults.beforeRequest(endpointClass, req)   // before auth and handler
 *   ... handler runs and commits ...
 *   const g = ctx.faults.afterCommit(endpointClass)                 // after the commit, before responding
 * 'drop' destroys the socket without a response; {status} answers with an error envelope of that status.
 * endpointClass is the rate-limit class: 'public' | 'order' | 'cancel' | 'funding' | 'private'.
 */
import type { IncomingMessage } from 'node:http';

export type FaultAction = 'drop' | { status: number } | null;

export interface FaultInjectorOptions {
  seed?: number;
  log?: (line: string) => void;
}

export class FaultInjector {
  constructor(_opts: FaultInjectorOptions = {}) {}

  async beforeRequest(_endpointClass: string, _req: IncomingMessage): Promise<FaultAction> {
    return null;
  }

  afterCommit(_endpointClass: string): FaultAction {
    return null;
  }

  clockSkewMs(): number {
    return 0;
  }
}
