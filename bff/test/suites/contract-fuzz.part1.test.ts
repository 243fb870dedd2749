import { contractFuzz } from './contract-fuzz';

// Part 1 of the contract fuzz (the calls are shared out in contract-fuzz.ts; jest runs the parts in parallel).
contractFuzz(1);
