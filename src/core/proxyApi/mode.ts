// GET/POST /api/mode (issue 22 item 1): which market the stack runs on and the switch between the
// sandbox's simulated market and paper mode, which `npm start` can restart into from the page.

export type StackMode = 'sandbox' | 'paper' | 'other';

export interface PaperSourceInfo {
  origin: string;
  state: 'connecting' | 'ready' | 'unreachable' | 'stopped';
  code?: string;
  since: number;
  lastDataAt: number;
}

/** GET /api/mode. */
export interface ModeInfo {
  mode: StackMode;
  /** The stack can restart itself into the other mode (npm start on the sandbox upstream). */
  canSwitch: boolean;
  /** The exact commands that start each mode (shown when a switch from the page is not possible). */
  commands: { sandbox: string; paper: string };
  /** Paper mode's source and its health. */
  source?: PaperSourceInfo;
  /** A restart into another mode is under way. */
  switching?: StackMode;
}
