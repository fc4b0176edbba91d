import { defineMutantTests } from './mutant-cases.js';

defineMutantTests(1, 4);
