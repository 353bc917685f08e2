// Settings > Demo: switch the sandbox's market scenario (the change shows within seconds) and
// presenter mode (larger type, no key hints or account identifiers).
import { SCENARIO_NAMES } from '../../../core/scenarios.js';
import { Button, ErrorState, Panel } from '../../components/index.js';
import { useDeskPrefs } from '../../lib/deskState.js';
import { useT } from '../../lib/i18n.js';
import { useScenario, useSeedHistory, useSetScenario } from '../../lib/useScenario.js';

export function DemoPanel() {
  const t = useT();
  const { data, sandbox, error } = useScenario();
  const set = useSetScenario();
  const seed = useSeedHistory();
  const presenter = useDeskPrefs((s) => s.presenter);
  const setPrefs = useDeskPrefs((s) => s.set);
  return (
    <Panel title={t('demo.title')} testId="demo-panel">
      <div className="flex flex-col gap-3 p-3 text-[12px]">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={presenter}
            onChange={(e) => setPrefs({ presenter: e.target.checked })}
            data-testid="presenter-toggle"
          />
          <span>{t('demo.presenter')}</span>
          <span className="text-dim">{t('demo.presenterHint')}</span>
        </label>
        {!sandbox ? (
          <p className="text-dim">{t('demo.sandboxOnly')}</p>
        ) : (
          <>
            <div className="flex items-center gap-2">
              <span className="w-24 text-dim">{t('demo.scenario')}</span>
              <span data-testid="demo-current">{data?.name ? t(`demo.s.${data.name}`) : t('demo.none')}</span>
            </div>
            <div className="flex flex-wrap gap-1.5" data-testid="demo-scenarios">
              {SCENARIO_NAMES.map((n) => (
                <Button
                  key={n}
                  size="xs"
                  variant={data?.name === n ? 'primary' : 'default'}
                  aria-pressed={data?.name === n}
                  disabled={set.isPending}
                  onClick={() => set.mutate(n)}
                  data-scenario={n}
                >
                  {t(`demo.s.${n}`)}
                </Button>
              ))}
              <Button
                size="xs"
                variant="ghost"
                disabled={!data?.name || set.isPending}
                onClick={() => set.mutate('off')}
              >
                {t('demo.stop')}
              </Button>
            </div>
            <div className="flex items-center gap-2">
              <Button
                size="xs"
                disabled={seed.isPending}
                onClick={() => seed.mutate()}
                data-testid="demo-history"
              >
                {t('demo.history')}
              </Button>
              {seed.data?.seeded && (
                <span className="num text-dim" data-testid="demo-history-result">
                  {seed.data.seeded.orders > 0
                    ? t('demo.historyDone', {
                        orders: seed.data.seeded.orders,
                        fills: seed.data.seeded.fills,
                      })
                    : t('demo.historyAlready')}
                </span>
              )}
            </div>
            <p className="text-[11px] text-dim">{t('demo.cli')}</p>
          </>
        )}
        {(error || set.error || seed.error) && <ErrorState error={error ?? set.error ?? seed.error} />}
      </div>
    </Panel>
  );
}
