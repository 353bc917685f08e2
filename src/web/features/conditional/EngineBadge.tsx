import { Badge } from '../../components/Badge.js';
import { useEngineStatus } from '../../lib/conditionalApi.js';
import { useT } from '../../lib/i18n.js';

/** The proxy's trigger engine: a visible marker when it is not receiving market data. */
export function EngineBadge() {
  const t = useT();
  const s = useEngineStatus();
  if (s.isError) {
    return (
      <Badge tone="danger" testId="cond-engine" title={t('cond.engine.down')}>
        ● {t('cond.engine.down')}
      </Badge>
    );
  }
  const st = s.data?.marketData ?? 'idle';
  if (st === 'live') {
    return (
      <Badge tone="ok" testId="cond-engine" title={t('cond.engine.live')}>
        ● LIVE
      </Badge>
    );
  }
  if (st === 'idle') {
    return (
      <Badge tone="neutral" testId="cond-engine" title={t('cond.engine.idle')}>
        ○ IDLE
      </Badge>
    );
  }
  return (
    <Badge tone="warn" testId="cond-engine" title={s.data?.reason ?? t('cond.engine.down')}>
      ● {t('cond.engine.down')}
    </Badge>
  );
}
