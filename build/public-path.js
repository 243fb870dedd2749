/* global __system_context__ */
// First module of every SystemJS entry: lazy chunks load from beside the entry file, wherever it
// is served (a deployed artefact lives under /assets/<package>/<version>/), not from a path fixed
// at build time.
const url = __system_context__.meta.url;
// eslint-disable-next-line no-undef -- webpack's free variable for the runtime public path
__webpack_public_path__ = url.slice(0, url.lastIndexOf('/') + 1);
