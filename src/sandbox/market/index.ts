/** Simulated market activity and seeded history (owned by the WS/market/faults engineer). No-op stub. */
import type { SandboxContext } from '../context.js';

export function startMarket(_ctx: SandboxContext): { stop(): void } {
  return { stop: () => {} };
}
