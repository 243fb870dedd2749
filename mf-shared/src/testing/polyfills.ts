import { TextDecoder, TextEncoder } from 'node:util';

/*
 * jest's jsdom environment has no TextEncoder/TextDecoder, which every browser we support has.
 * Imported first by @sukoyaka/shared/testing; a test file imports that before anything else.
 */
const globals = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
globals.TextEncoder ??= TextEncoder;
globals.TextDecoder ??= TextDecoder;
