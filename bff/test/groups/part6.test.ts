import { runGroup } from './group';

// Group 6 of the bff's API test files (files.cjs says which and why).
runGroup(6);
