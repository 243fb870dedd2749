import { runGroup } from './group';

// Group 5 of the bff's API test files (files.cjs says which and why).
runGroup(5);
