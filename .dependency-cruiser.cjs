/**
 * The architecture rules (issue 20 item 5), checked by a tool in `npm test` (`npm run lint:deps`), not by review.
 * dependency-cruiser reads the TypeScript imports of src/ (type-only imports included).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles: a module that needs another that needs it is one module, or the shared part moves down. ' +
        'Not yet in the reference server: its planted bugs import the server core they patch (app.ts, types, helpers), and ' +
        'the core imports hooks.ts, which imports them (issue 20 item 4; next: hand the hook points to the core through App).',
      from: { path: '^src/', pathNot: '^src/reference/' },
      to: { circular: true },
    },
    {
      name: 'reference-core-through-hooks',
      severity: 'error',
      comment: 'The reference server core holds no planted bug: only hooks.ts imports mutants/ (its hook points apply the ' +
        'patches mutants/hooks.ts registers; issue 20 item 4). Tests of the server may name bugs directly.',
      from: { path: '^src/reference/', pathNot: ['^src/reference/mutants/', '^src/reference/hooks\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^src/reference/mutants/' },
    },
    {
      name: 'mutants-stay-in-the-reference',
      severity: 'error',
      comment: 'Outside the reference server only tests, the self-tests, the CLI and the load stage (makeBug, for now) ' +
        'import the planted bugs; everything else goes through src/reference/index.ts.',
      from: { path: '^src/', pathNot: ['^src/reference/', '\\.test\\.ts$', '^src/selftest/', '^src/cli/', '^src/load/stage\\.ts$'] },
      to: { path: '^src/reference/mutants/' },
    },
    {
      name: 'reporters-only-read',
      severity: 'error',
      comment: 'Reporters read results (model) and verdicts; they never run anything (design: results are data).',
      from: { path: '^src/report/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(engine|stateful|cli|http|reference)/' },
    },
    {
      name: 'core-below-the-cli',
      severity: 'error',
      comment: 'The CLI parses, wires and prints: nothing below it imports it.',
      from: { path: '^src/', pathNot: ['^src/cli/', '^src/selftest/', '\\.test\\.ts$'] },
      to: { path: '^src/cli/' },
    },
    {
      name: 'engine-below-the-reporters',
      severity: 'error',
      comment: 'The engine produces results; verdicts and summary are a pure module below it (src/verdicts).',
      from: { path: '^src/(engine|stateful|checks|model|spec|schema|http|verdicts|expectations)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/report/' },
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
