// Per key profile: the key problem the exchange last told (code, since, where it was seen). The relay
// reports refused private handshakes ('stream'), the forwarder every forwarded answer ('rest'). A REST
// success clears only a problem REST saw; a problem the stream saw stays until the key changes, the
// user asks for a retry, or the stream connects again. Browsers read it from GET /api/session
// (`profileHealth`) and get a `keyProblem` control frame on their private sockets.
import type { KeyProblem, ProblemSeen } from '../../core/proxyApi/session.js';
import { isKeyProblemCode } from '../../core/streamRefusal.js';

export type { KeyProblem, ProblemSeen };

export type HealthListener = (profileId: string, problem: KeyProblem | undefined) => void;

export class ProfileHealth {
  private readonly problems = new Map<string, KeyProblem>();
  private readonly listeners = new Set<HealthListener>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Marks a profile; the same code keeps its first `since`. */
  report(profileId: string, code: string, seen: ProblemSeen): void {
    const cur = this.problems.get(profileId);
    if (cur && cur.code === code) {
      if (cur.seen !== seen && seen === 'stream') this.problems.set(profileId, { ...cur, seen });
      return;
    }
    const next = { code, since: this.now(), seen };
    this.problems.set(profileId, next);
    this.emit(profileId, next);
  }

  /** Clears a profile's problem (any, or only one seen in `onlySeen`). */
  clear(profileId: string, onlySeen?: ProblemSeen): void {
    const cur = this.problems.get(profileId);
    if (!cur || (onlySeen && cur.seen !== onlySeen)) return;
    this.problems.delete(profileId);
    this.emit(profileId, undefined);
  }

  /**
   * One forwarded REST answer for a stored profile: a key-problem code marks it, a success clears a
   * problem REST saw. Other refusals (business errors, 5xx) say nothing about the key.
   */
  observeRest(profileId: string | undefined, success: boolean, code: string | null | undefined): void {
    if (!profileId) return;
    if (isKeyProblemCode(code)) this.report(profileId, code!, 'rest');
    else if (success) this.clear(profileId, 'rest');
  }

  get(profileId: string): KeyProblem | undefined {
    return this.problems.get(profileId);
  }

  /** `{[profileId]: {code, since, seen}}` for GET /api/session. */
  snapshot(): Record<string, KeyProblem> {
    return Object.fromEntries([...this.problems].map(([id, p]) => [id, { ...p }]));
  }

  onChange(fn: HealthListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(profileId: string, p: KeyProblem | undefined): void {
    for (const l of this.listeners) l(profileId, p);
  }
}
