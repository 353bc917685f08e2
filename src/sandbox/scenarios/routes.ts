/**
 * Admin routes of the demo scenarios: GET /admin/scenario (current), POST /admin/scenario
 * {name?, symbol?, history?: true} (history: seed the demo user's 30-day history once).
 */
import { isScenarioName, SCENARIO_NAMES } from '../../core/scenarios.js';
import { type AdminRoute, bad, os } from '../admin/input.js';
import { seedDemoHistory } from './demoHistory.js';
import { directorFor } from './director.js';

export const scenarioAdminRoutes: AdminRoute[] = [
  {
    method: 'GET',
    path: '/admin/scenario',
    handle: (sbx) => ({ ...directorFor(sbx).state(), available: SCENARIO_NAMES }),
  },
  {
    method: 'POST',
    path: '/admin/scenario',
    handle: (sbx, i) => {
      const name = os(i, 'name');
      const d = directorFor(sbx);
      if (i.history === true || i.history === 'true') {
        const seeded = seedDemoHistory(sbx);
        if (name === undefined) return { ...d.state(), available: SCENARIO_NAMES, seeded };
      }
      if (name === undefined || name === 'off' || name === 'none') {
        return { ...d.stop(), available: SCENARIO_NAMES };
      }
      if (!isScenarioName(name)) throw bad(`name must be one of ${SCENARIO_NAMES.join(', ')} or off.`);
      const symbol = os(i, 'symbol');
      if (symbol !== undefined && !sbx.markets.get(symbol)) throw bad('No such pair.');
      return { ...d.start(name, symbol), available: SCENARIO_NAMES };
    },
  },
];
