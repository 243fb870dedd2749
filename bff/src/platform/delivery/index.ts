// The delivery of the front end (issue 15): artefacts, the live import map, deploys.
export * from './artefacts';
export * from './config';
export * from './live-map';
export * from './packages';
export * from './routes';
export * from './service';
export { checkSystemModule } from './system-module';
export { RevisionConflictError, type HistoryRow, type LiveEntry } from './store';
