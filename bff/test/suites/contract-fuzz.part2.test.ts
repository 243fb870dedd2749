import { contractFuzz } from './contract-fuzz';

// Part 2 of the contract fuzz (the calls are shared out in contract-fuzz.ts; jest runs the parts in parallel).
contractFuzz(2);
