// The health forecast's model: the score (pure) and its words. The browser and the bff import it
// from here through @sukoyaka/contract; there is no other copy.
export * from './score';
export * from './labels';
