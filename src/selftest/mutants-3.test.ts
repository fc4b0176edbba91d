import { defineMutantTests } from './mutant-cases.js';

defineMutantTests(2, 4);
