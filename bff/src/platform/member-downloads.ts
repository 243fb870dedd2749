import type { StepUp } from '@sukoyaka/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { accountConditionError, emailNotVerified } from './conditions';
import { contentDisposition } from './content-disposition';
import { unauthenticated } from './errors';
import { assertStepUp } from './step-up';
import { invalidParameters } from './validation';

/*
 * A member's own files (the routes beside the contract's JSON calls that answer a download): the
 * checks routes.ts makes for a member call, and the headers every such file is sent with.
 */

/**
 * The checks of a member call: signed in, in good standing, address verified, then the query
 * (a 400 naming the field) and the step-up the query asks for. Answers the member's id and the
 * parsed query.
 */
export function authorizeMemberDownload<T>(
  request: FastifyRequest,
  now: Date,
  querySchema: z.ZodMiniType<T>,
  stepUpFor: (query: T) => StepUp | null,
): { userId: string; query: T } {
  const found = request.caller;
  if (!found || !request.session) throw unauthenticated();
  const condition = accountConditionError(found.standing, now);
  if (condition) throw condition;
  if (!found.member.emailVerified) throw emailNotVerified();
  const parsed = querySchema.safeParse(request.query ?? {});
  if (!parsed.success) throw invalidParameters(parsed.error);
  const stepUp = stepUpFor(parsed.data);
  if (stepUp) assertStepUp(stepUp, request.session.row, now);
  return { userId: found.member.id, query: parsed.data };
}

/** Sends a member's file as a download: saved, never shown as a page, never sniffed, never cached. */
export function sendMemberFile(reply: FastifyReply, file: { name: string; type: string; body: Buffer | string }) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}
