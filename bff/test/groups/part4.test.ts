import { runGroup } from './group';

// Group 4 of the bff's API test files (files.cjs says which and why).
runGroup(4);
