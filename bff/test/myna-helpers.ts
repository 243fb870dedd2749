import type { RunningFakeMynaPortal } from '@sukoyaka/fakes';
import { type Agent, createMember, signInAgent, type TestContext } from './helpers';

/*
 * The My Number journey's steps over the real app and the local fake portal (started by the test
 * context's services): consent, authorization through the fake's consent page (approved at once),
 * the secret question, an import run to its end.
 */

export type Member = Awaited<ReturnType<typeof createMember>>;

export const SECRET = { questionId: 'first_pet', answer: 'ぽち' } as const;

export function fakePortal(ctx: TestContext): RunningFakeMynaPortal {
  const fake = ctx.services.mynaPortal?.fake;
  if (!fake) throw new Error('the test services run the fake My Number Portal');
  return fake;
}

export async function signedIn(ctx: TestContext, existing?: Member) {
  const member = existing ?? (await createMember(ctx.db));
  return { member, agent: await signInAgent(ctx, member) };
}

export async function agreeTerms(agent: Agent) {
  const terms = await agent.get('getMynaAgreement');
  expect(terms.status).toBe(200);
  const agreed = await agent.post('createMynaAgreement', { version: terms.body.version });
  expect(agreed.status).toBe(200);
  return agreed.body;
}

/** The portal's consent page approved at once (`auto=1`): the callback's code and state. */
export async function approve(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const url = new URL(authorizationUrl);
  url.searchParams.set('auto', '1');
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.pathname).toBe('/myna_connection/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

export async function startAuthorization(agent: Agent): Promise<string> {
  const response = await agent.post('getMynaAuthorizationURL', {});
  expect(response.status).toBe(200);
  return response.body.authorizationUrl as string;
}

export async function link(agent: Agent) {
  const callback = await approve(await startAuthorization(agent));
  const response = await agent.post('verifyMynaAuthorization', callback);
  expect(response.status).toBe(200);
  return response.body;
}

export async function registerSecret(agent: Agent) {
  const response = await agent.post('createUserMynaSecretQuestion', SECRET);
  expect(response.status).toBe(200);
  return response.body;
}

/** Queues an import and runs the worker until nothing is due; answers the finished job. */
export async function importNow(ctx: TestContext, agent: Agent) {
  const queued = await agent.post('createMynaImport', {});
  expect(queued.status).toBe(200);
  await ctx.app.mynaImports!.drain();
  const state = await agent.get('getMynaConnectionState');
  expect(state.status).toBe(200);
  expect(state.body.latestImport.id).toBe(queued.body.import.id);
  return state.body.latestImport;
}

/** A member who agreed, linked, chose the secret question and imported everything the fake serves. */
export async function importedMember(ctx: TestContext, existing?: Member) {
  const { member, agent } = await signedIn(ctx, existing);
  await agreeTerms(agent);
  await link(agent);
  await registerSecret(agent);
  const job = await importNow(ctx, agent);
  expect(job.status).toBe('succeeded');
  return { member, agent, job };
}
