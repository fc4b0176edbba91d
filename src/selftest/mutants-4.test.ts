import { defineMutantTests } from './mutant-cases.js';

defineMutantTests(3, 4);
