// The health forecast's model: the score (pure) and its words. The bff imports it through
// @sukoyaka/contract, the browser as a module of its own (`@sukoyaka/contract/forecast`): no zod,
// so the forecast page draws the member's forecast before any schema loads (issue 27's script
// budget). The health area's schemas import it from here; there is no other copy.
export * from './score';
export * from './labels';
export * from './inputs';
