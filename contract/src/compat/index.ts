// Contract compatibility, for Node only (deploys, CI): not exported from the contract's index,
// so the browser's contract module never carries it.
export * from './schemas';
export * from './compare';
