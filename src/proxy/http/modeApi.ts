// GET /api/mode and POST /api/mode {mode: 'paper'|'sandbox'} (contract: core/proxyApi/mode.ts). The
// stack (src/main.ts) hands the proxy a ModeControl; the switch answers 202 first and restarts the
// stack a moment later (same ports, same session token), so the page can poll /api/session.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ModeInfo } from '../../core/proxyApi/mode.js';
import { ProxyError } from '../errors.js';
import { readJsonObject } from './body.js';
import { sendJson } from './respond.js';

export interface ModeControl {
  info(): ModeInfo;
  /** Restarts the stack into the mode (absent: this stack cannot restart itself). */
  switchTo?(mode: 'paper' | 'sandbox'): void;
}

export async function handleMode(req: IncomingMessage, res: ServerResponse, ctl: ModeControl): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'GET') return sendJson(res, 200, { success: true, data: ctl.info() });
  if (method !== 'POST') throw new ProxyError(405, 'METHOD_NOT_ALLOWED', 'GET or POST');
  const body = await readJsonObject(req);
  const mode = body.mode;
  if (mode !== 'paper' && mode !== 'sandbox')
    throw new ProxyError(400, 'BAD_REQUEST', 'mode must be paper or sandbox');
  const info = ctl.info();
  if (info.mode === mode) return sendJson(res, 200, { success: true, data: info });
  if (!info.canSwitch || !ctl.switchTo)
    throw new ProxyError(400, 'BAD_REQUEST', `this stack cannot restart itself; run: ${info.commands[mode]}`);
  const switchTo = ctl.switchTo.bind(ctl);
  sendJson(res, 202, { success: true, data: { ...info, switching: mode } });
  setTimeout(() => switchTo(mode), 200);
}
