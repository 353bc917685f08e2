// The sandbox's named demo scenarios and the state its admin API answers with (GET/POST
// /admin/scenario, relayed by the proxy as /api/desk/scenario). The sandbox runs them; Settings
// offers them.

export const SCENARIO_NAMES = [
  'calm',
  'trending-up',
  'flash-crash',
  'new-listing',
  'pair-halted',
  'throttling',
  'stream-outage',
  'replay',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export const isScenarioName = (s: unknown): s is ScenarioName =>
  typeof s === 'string' && (SCENARIO_NAMES as readonly string[]).includes(s);

/** What the presenter reads while a scenario runs. */
export interface ScenarioCaption {
  ko: string;
  en: string;
}

export interface ScenarioState {
  name: ScenarioName | null;
  caption: ScenarioCaption | null;
  startedAt: number | null;
  focus?: string;
}

/** The admin API's answer: the state and the names it can run. */
export interface ScenarioAnswer extends ScenarioState {
  available: readonly ScenarioName[];
}
