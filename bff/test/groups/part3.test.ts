import { runGroup } from './group';

// Group 3 of the bff's API test files (files.cjs says which and why).
runGroup(3);
