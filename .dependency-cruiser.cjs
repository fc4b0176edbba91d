/**
 * The architecture rules, checked by a tool in `npm test` (`npm run lint:deps`), not by review.
 * dependency-cruiser reads the TypeScript imports of src/ (type-only imports included).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles: a module that needs another that needs it is one module, or the shared part moves down. ' +
        'The reference server too: its planted bugs import the core they patch, the core imports none of them.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'reference-core-without-mutants',
      severity: 'error',
      comment: 'The reference server core holds no planted bug and imports none: index.ts alone wires mutants/ in (the ' +
        'patches of mutants/hooks.ts, handed to the server it builds). Tests of the server may name bugs directly.',
      from: { path: '^src/reference/', pathNot: ['^src/reference/mutants/', '^src/reference/index\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^src/reference/mutants/' },
    },
    {
      name: 'mutants-stay-in-the-reference',
      severity: 'error',
      comment: 'Outside the reference server only tests, the self-tests and the CLI import the planted bugs; ' +
        'everything else goes through src/reference/index.ts.',
      from: { path: '^src/', pathNot: ['^src/reference/', '\\.test\\.ts$', '^src/selftest/', '^src/cli/'] },
      to: { path: '^src/reference/mutants/' },
    },
    {
      name: 'reporters-only-read',
      severity: 'error',
      comment: 'Reporters read results (model) and verdicts; they never run anything (ARCHITECTURE.md: results are data).',
      from: { path: '^src/report/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(orchestrator|scenarios|core|cases|properties|stateful|cli|http|reference)/' },
    },
    {
      name: 'core-below-the-cli',
      severity: 'error',
      comment: 'The CLI parses, wires and prints: nothing below it imports it.',
      from: { path: '^src/', pathNot: ['^src/cli/', '^src/selftest/', '\\.test\\.ts$'] },
      to: { path: '^src/cli/' },
    },
    {
      name: 'orchestrator-below-the-reporters',
      severity: 'error',
      comment: 'The orchestrator and the stages produce results; verdicts are a pure module below them (src/verdicts).',
      from: { path: '^src/(orchestrator|scenarios|core|cases|properties|stateful|checks|model|spec|schema|http|yaml|verdicts|expectations)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/report/' },
    },
    {
      name: 'core-below-the-stages',
      severity: 'error',
      comment: 'src/core holds what more than one stage uses (pool, probe, settle, readiness, cleanup …): ' +
        'it imports no stage, not the generated-case runner, not the orchestrator (src/orchestrator), the CLI or the reporters.',
      from: { path: '^src/core/' },
      to: { path: '^src/(orchestrator|scenarios|cases|properties|stateful|load|cli|report)/' },
    },
    {
      name: 'cases-below-the-stages',
      severity: 'error',
      comment: 'src/cases runs generated cases for the property and the stateful stage alike: ' +
        'it imports core and what lies below, never a stage, the orchestrator, the CLI or the reporters.',
      from: { path: '^src/cases/' },
      to: { path: '^src/(orchestrator|scenarios|properties|stateful|load|cli|report)/' },
    },
    {
      name: 'properties-not-stateful',
      severity: 'error',
      comment: 'The stages are peers: what the property stage shares with the stateful stage is in src/cases or src/core.',
      from: { path: '^src/properties/' },
      to: { path: '^src/stateful/' },
    },
    {
      name: 'stateful-not-properties',
      severity: 'error',
      comment: 'The stages are peers: what the stateful stage shares with the property stage is in src/cases or src/core.',
      from: { path: '^src/stateful/' },
      to: { path: '^src/properties/' },
    },
    {
      name: 'stages-below-the-orchestrator',
      severity: 'error',
      comment: 'The orchestrator (src/orchestrator) runs the stages; no stage imports it ' +
        '(its self-tests may, to run the whole suite).',
      from: { path: '^src/(core|cases|scenarios|properties|stateful|load)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/orchestrator/' },
    },
    {
      name: 'scenarios-a-peer-stage',
      severity: 'error',
      comment: 'The scenario stage (src/scenarios: its file format, loader, runner and actions) and the generated stages ' +
        'are peers: what they share is in src/core, src/cases or below.',
      from: { path: '^src/scenarios/' },
      to: { path: '^src/(properties|stateful|load|cases)/' },
    },
    {
      name: 'stages-not-scenarios',
      severity: 'error',
      comment: 'The generated stages and the load stage do not import the scenario stage (src/scenarios).',
      from: { path: '^src/(properties|stateful|load|cases)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/scenarios/' },
    },
    {
      name: 'stages-handed-expectations',
      severity: 'error',
      comment: 'The orchestrator applies the expectations once, to the results it builds; a stage gets what it needs of ' +
        'them handed in (VersionEnv.knownFailure) and never reads the files itself.',
      from: { path: '^src/(core|cases|scenarios|properties|stateful|load)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/expectations/' },
    },
    {
      name: 'yaml-at-the-bottom',
      severity: 'error',
      comment: 'src/yaml (YAML with line and column, the file:line:col error) is read by every input file loader ' +
        '(scenarios, load profiles, expectations): it imports nothing of the project but src/model.',
      from: { path: '^src/yaml/' },
      to: { path: '^src/', pathNot: '^src/(yaml|model)/' },
    },
    {
      name: 'load-not-mutants',
      severity: 'error',
      comment: 'The load stage passes a --mutant name to the child reference server it starts; the CLI checks the name ' +
        '(src/cli/mutant-name.ts). The stage does not know the planted bugs.',
      from: { path: '^src/load/' },
      to: { path: '^src/reference/mutants/' },
    },
    {
      name: 'no-vitest-outside-tests',
      severity: 'error',
      comment: 'Test support that imports vitest is a test file (it is compiled into dist/ and shipped otherwise).',
      // The test support tsconfig.build.json and scripts/build.mjs leave out of dist/.
      from: { path: '^src/', pathNot: ['\\.test\\.ts$', '^src/selftest/', '/testing\\.ts$', '^src/report/fixtures', '/deviation-cases\\.ts$'] },
      to: { path: 'node_modules/vitest/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
