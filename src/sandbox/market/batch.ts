// One SQLite transaction per simulation step. With synchronous=FULL every commit is an fsync; a
// step of six pairs makes dozens of bot commands, so they are grouped: each command's own
// transaction becomes a savepoint inside the step's transaction. Bus events fire at each
// savepoint release, i.e. before the step is durable; the WebSocket side therefore holds back
// private frames raised inside a step (deferUntilCommitted) and sends them after the commit.
// Public frames are already sent from a timer, after the step.
import type { SandboxContext } from '../context.js';

interface BatchState {
  depth: number;
  after: Array<() => void>;
}

const states = new WeakMap<object, BatchState>();

function stateOf(ctx: SandboxContext): BatchState {
  let s = states.get(ctx.store);
  if (!s) {
    s = { depth: 0, after: [] };
    states.set(ctx.store, s);
  }
  return s;
}

export function inSimBatch(ctx: SandboxContext): boolean {
  return (states.get(ctx.store)?.depth ?? 0) > 0;
}

/** Runs fn now, or after the enclosing simulation step committed. */
export function deferUntilCommitted(ctx: SandboxContext, fn: () => void): void {
  const s = states.get(ctx.store);
  if (s && s.depth > 0) s.after.push(fn);
  else fn();
}

/** Runs fn inside one transaction; deferred work runs after the commit (dropped on rollback). */
export function runSimBatch(ctx: SandboxContext, fn: () => void): void {
  const s = stateOf(ctx);
  s.depth++;
  let committed = false;
  try {
    ctx.store.tx(fn);
    committed = true;
  } finally {
    s.depth--;
    if (s.depth === 0) {
      const after = s.after;
      s.after = [];
      if (committed) {
        for (const f of after) {
          try {
            f();
          } catch (err) {
            ctx.options.log(`market: deferred delivery failed: ${(err as Error).message}`);
          }
        }
      } else if (after.length > 0) {
        ctx.options.log(`market: step rolled back; ${after.length} private frames withheld`);
      }
    }
  }
}
