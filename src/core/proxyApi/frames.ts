// The proxy's own control frames on a browser's WebSocket (beside the exchange's frames it relays):
// the upstream stream interrupted / resumed / failed, and the profile's key refused or fine again.
import type { ProblemSeen } from './session.js';

export interface StreamControlFrame {
  type: 'proxy';
  event: 'interrupted' | 'resumed' | 'error';
  reason?: string;
}

/** The exchange refused the profile's key (`code`, e.g. KEY_EXPIRED); `seen` says where. */
export interface KeyProblemFrame {
  type: 'proxy';
  event: 'keyProblem';
  code: string;
  description: string;
  seen: ProblemSeen;
}

export interface KeyOkFrame {
  type: 'proxy';
  event: 'keyOk';
}

export type ProxyControlFrame = StreamControlFrame | KeyProblemFrame | KeyOkFrame;
