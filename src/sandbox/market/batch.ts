// A simulation step is one command: a savepoint of the turn's transaction (store/turn.ts), so a step of
// six pairs and dozens of bot commands is undone whole when it throws, and commits with the turn. Bus
// events fire at each savepoint release, before the commit; the WebSocket side therefore holds back
// private frames (deferUntilCommitted) until the turn is committed, and drops those of an undone step.
// Public frames are already sent from a timer, after the step.
import type { SandboxContext } from '../context.js';

/** Runs fn once the changes made so far are committed (at once when none are pending). */
export function deferUntilCommitted(ctx: SandboxContext, fn: () => void): void {
  ctx.store.afterCommit(fn);
}

/** Runs fn as one command (a savepoint of the turn's transaction). */
export function runSimBatch(ctx: SandboxContext, fn: () => void): void {
  ctx.store.tx(fn);
}
