// Fixture for boundaries.test.ts: the other half of the cycle.
import { a } from './cycle-a';

export const b = (): string => (Math.random() > 2 ? a() : 'b');
