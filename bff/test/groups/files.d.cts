// The types of files.cjs (a CommonJS file, as jest.config.cjs reads it too).
export declare const TEST_ROOT: string;
export declare const GROUPS: number;
export declare const ALONE: string[];
export declare function apiTestFiles(): string[];
export declare function groupOf(part: number): string[];
