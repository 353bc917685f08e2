// Deposit / withdrawal / transfer status as a colored badge.
import { Badge } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';

const TONE: Record<string, 'neutral' | 'accent' | 'warn' | 'danger' | 'ok'> = {
  pending: 'accent',
  actionRequired: 'warn',
  reviewing: 'warn',
  processing: 'accent',
  done: 'ok',
  refunded: 'neutral',
  failed: 'danger',
  canceled: 'neutral',
};

export function StatusBadge(props: { status: string }) {
  const t = useT();
  const label = t(`acc.st.${props.status}`);
  return (
    <Badge tone={TONE[props.status] ?? 'neutral'} testId={`status-${props.status}`}>
      {label.startsWith('acc.st.') ? props.status : label}
    </Badge>
  );
}
