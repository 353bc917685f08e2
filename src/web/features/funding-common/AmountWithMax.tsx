// The amount of a transfer or withdrawal: a decimal field in the currency's unit, with a Max button beside it
// that fills in the most the form allows (the caller says what that is).
import type { ReactNode } from 'react';
import { Button, Field } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';

export function AmountWithMax(props: {
  unit: string;
  value: string;
  onChange: (amount: string) => void;
  /** Fills in the maximum; absent (the button disabled) while it is not known. */
  onMax: (() => void) | undefined;
  testId: string;
  hint?: ReactNode;
  error?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex items-start gap-2">
      <Field
        className="flex-1"
        label={t('acc.amount')}
        suffix={props.unit}
        value={props.value}
        inputMode="decimal"
        placeholder="0"
        onChange={(e) => props.onChange(e.target.value.trim())}
        data-testid={props.testId}
        hint={props.hint}
        error={props.error}
      />
      <Button className="h-9" disabled={props.onMax === undefined} onClick={props.onMax}>
        {t('acc.wd.max')}
      </Button>
    </div>
  );
}
