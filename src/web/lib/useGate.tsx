// Hooks and a small component that turn the action gate into disabled controls with a visible reason.
import type { ReactNode } from 'react';
import { Button } from '../components/index.js';
import { type Gate, type GateRequest, gate } from './gate.js';
import { useT } from './i18n.js';
import { useActiveProfile, useKeyInfo } from './session.js';

/** Gate for the active key profile. */
export function useGate(req: GateRequest): Gate {
  const profile = useActiveProfile();
  const key = useKeyInfo(profile?.id);
  if (!profile) return { ok: false, reason: { code: 'NO_PROFILE' } };
  return gate(key.data, req);
}

/** Human sentence for a closed gate (null when open). */
export function useGateText(): (g: Gate) => string | null {
  const t = useT();
  return (g: Gate) => {
    if (g.ok) return null;
    const r = g.reason;
    if (r.code === 'MISSING_PERMISSION') {
      return t('acc.gate.MISSING_PERMISSION', { permission: t(`acc.perm.${r.permission}`) });
    }
    if (r.code === 'ACCOUNT_NOT_ALLOWED')
      return t('acc.gate.ACCOUNT_NOT_ALLOWED', { accountSeq: r.accountSeq });
    return t(`acc.gate.${r.code}`);
  };
}

/** The reason a gate is closed, as a visible line (nothing when open). */
export function GateNote(props: { gate: Gate; testId?: string }) {
  const text = useGateText()(props.gate);
  // While key info loads the control is disabled quietly: no warning that flashes and disappears.
  if (!text || (!props.gate.ok && props.gate.reason.code === 'LOADING')) return null;
  return (
    <p
      data-testid={props.testId ?? 'gate-reason'}
      className="flex items-center gap-1 text-[11px] text-warn"
      role="note"
    >
      <span aria-hidden>⚠</span>
      {text}
    </p>
  );
}

/** A button that is disabled with its reason while the gate is closed (or while `disabled`). */
export function GatedButton(props: {
  gate: Gate;
  onClick: () => void;
  children: ReactNode;
  variant?: 'default' | 'primary' | 'up' | 'down' | 'danger' | 'ghost';
  size?: 'xs' | 'sm' | 'md';
  disabled?: boolean;
  testId?: string;
  className?: string;
}) {
  const reason = useGateText()(props.gate);
  return (
    <Button
      variant={props.variant ?? 'primary'}
      size={props.size}
      className={props.className}
      disabled={!props.gate.ok || props.disabled}
      title={reason ?? undefined}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
