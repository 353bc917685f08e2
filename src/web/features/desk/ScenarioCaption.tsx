import { useScenario } from '../../lib/useScenario.js';
import { usePrefs } from '../../store/prefs.js';

/** The running scenario's caption for the presenter (bottom left, small, dim border so it never burns in). */
export function ScenarioCaption() {
  const lang = usePrefs((s) => s.language);
  const { data, sandbox } = useScenario();
  if (!sandbox || !data?.name || !data.caption) return null;
  return (
    <div
      className="pointer-events-none fixed bottom-3 left-3 z-[60] max-w-[40vw] rounded border border-accent/50 bg-panel/90 px-3 py-1.5 text-[13px] text-fg shadow-lg"
      data-testid="scenario-caption"
      data-scenario={data.name}
      role="status"
    >
      <span className="mr-2 text-[11px] uppercase tracking-wide text-accent">Demo</span>
      {data.caption[lang] ?? data.caption.en}
    </div>
  );
}
