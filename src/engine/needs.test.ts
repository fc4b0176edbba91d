import { describe, expect, it } from 'vitest';
import { loadSuites } from '../scenario/load.js';
import { loadRules } from '../spec/rules.js';
import { SUITES_DIR } from '../spec/paths.js';
import { scenarioNeeds } from './needs.js';

const all = loadSuites(SUITES_DIR, loadRules()).flatMap((f) => f.scenarios);
const byId = (id: string) => all.find((s) => s.id === id)!;

describe('what a scenario needs from the server is read from the scenario itself', () => {
  it('scheduling scenarios need an agent, the series filters need series ids, the end_date layout several agents', () => {
    expect(scenarioNeeds(byId('list-filter-series'))).toMatchObject({ agents: false, series: true });
    expect(scenarioNeeds(byId('list-filter-scheduled'))).toMatchObject({ agents: true, series: false });
    const needsAgent = all.filter((s) => scenarioNeeds(s).agents).map((s) => s.id);
    expect(needsAgent.length).toBeGreaterThan(10);
    expect(all.filter((s) => scenarioNeeds(s).severalAgents).map((s) => s.rules).flat()).toContain('events.list.sort.end_date');
  });

  it('unscheduled scenarios need nothing', () => {
    const none = all.filter((s) => !JSON.stringify(s).includes('agent') && !JSON.stringify(s).includes('"at"') && !JSON.stringify(s).includes('scheduling'));
    expect(none.length).toBeGreaterThan(10);
    for (const s of none) expect(scenarioNeeds(s), s.id).toMatchObject({ agents: false, severalAgents: false });
  });
});
