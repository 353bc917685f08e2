// KRW deposit / withdrawal push request: only asks the user's phone app to confirm the amount.
import { useState } from 'react';
import { parseDecimal } from '../../../core/decimal.js';
import { ErrorState, Field } from '../../components/index.js';
import type { Gate } from '../../lib/gate.js';
import { useT } from '../../lib/i18n.js';
import { GatedButton, GateNote } from '../../lib/useGate.js';

export function KrwPushForm(props: {
  gate: Gate;
  label: string;
  sentText: string;
  onSend: (amount: string) => Promise<unknown>;
  testId: string;
}) {
  const t = useT();
  const [amount, setAmount] = useState('');
  const [state, setState] = useState<{ sent?: boolean; error?: unknown; busy?: boolean }>({});
  const parsed = parseDecimal(amount.replace(/,/g, ''), { allowZero: false });
  const valid = parsed.ok && !parsed.value.includes('.');
  return (
    <div className="flex flex-col gap-1.5 border-b border-line p-2" data-testid={props.testId}>
      <div className="flex flex-wrap items-center gap-2">
        <Field
          className="min-w-[160px] flex-1"
          label={t('acc.amount')}
          suffix="KRW"
          value={amount}
          inputMode="numeric"
          placeholder="0"
          onChange={(e) => setAmount(e.target.value)}
          disabled={!props.gate.ok}
        />
        <GatedButton
          className="h-9 shrink-0 whitespace-nowrap"
          gate={props.gate}
          disabled={!valid || state.busy}
          onClick={() => {
            if (!parsed.ok) return;
            setState({ busy: true });
            props.onSend(parsed.value).then(
              () => setState({ sent: true }),
              (error: unknown) => setState({ error }),
            );
          }}
        >
          {props.label}
        </GatedButton>
      </div>
      <GateNote gate={props.gate} />
      {state.sent && <p className="text-[11px] text-emerald-500">{props.sentText}</p>}
      {state.error !== undefined && <ErrorState compact error={state.error} />}
    </div>
  );
}
