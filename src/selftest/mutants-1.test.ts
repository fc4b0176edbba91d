import { defineMutantTests } from './mutant-cases.js';

defineMutantTests(0, 4);
