import { TextDecoder, TextEncoder } from 'node:util';

/*
 * jest's jsdom environment has no TextEncoder/TextDecoder, and react-router 7 needs them when it
 * is loaded (so does anything importing @sukoyaka/shared, whose AreaRoot uses BrowserRouter).
 * Imported first by @sukoyaka/shared/testing; a test file imports that before anything else.
 */
const globals = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
globals.TextEncoder ??= TextEncoder;
globals.TextDecoder ??= TextDecoder;
