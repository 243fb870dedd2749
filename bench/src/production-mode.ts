import { DEVELOPMENT_KEY } from '@sukoyaka/bff/src/platform/crypto';

/*
 * Imported first by run.ts: the benches measure the bff as production runs it (the image sets
 * NODE_ENV=production). The packages that read NODE_ENV as they load then take their production
 * builds: the areas' server renders require React DOM's server, which without it is the
 * development build (/login rendered in 19.5 ms instead of 8.9 ms, the bff's process 5 MB larger).
 * The configuration each bench builds still says NODE_ENV=test (local fakes, no outside service),
 * and sealed data keeps the development key, with which `scale`'s kept seed was written.
 */
process.env.NODE_ENV = 'production';
process.env.DATA_ENCRYPTION_KEY ||= DEVELOPMENT_KEY.key.toString('base64');
