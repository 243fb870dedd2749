import { FormError, Heading, LoadingSkeleton, Stack, Text, describeError, type HeaderProps } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import { Actions, MISSING_TOKEN_MESSAGE } from './parts';
import { CardPage } from '../parts/CardPage';

export interface MailLinkPageProps {
  /** The mail's `token=`, spent on opening (useSpendTokenOnOpen); null when the link had none. */
  token: string | null;
  /** The call the link makes. */
  call: { isError: boolean; isSuccess: boolean; error: unknown };
  header?: HeaderProps;
  /** While the call runs: the heading, also read out by the loading placeholder. */
  pendingHeading: string;
  failureHeading: string;
  /** The ways on after a failure (buttons). */
  failureActions: ReactNode;
  successHeading: string;
  /** What is said after the heading on success: the announcement and the ways on. */
  success: () => ReactNode;
}

/**
 * A page a mail link opens (verification, e-mail change, unlock): it makes its call on opening
 * and shows, in a narrow card, that it is working, what went wrong with a way on, or the outcome.
 */
export function MailLinkPage({
  token,
  call,
  header,
  pendingHeading,
  failureHeading,
  failureActions,
  successHeading,
  success,
}: MailLinkPageProps) {
  let content;
  if (!token || call.isError) {
    content = (
      <Stack $gap={2}>
        <Heading>{failureHeading}</Heading>
        <FormError>{token ? describeError(call.error) : MISSING_TOKEN_MESSAGE}</FormError>
        <Actions>{failureActions}</Actions>
      </Stack>
    );
  } else if (call.isSuccess) {
    content = (
      <Stack $gap={2}>
        <Heading>{successHeading}</Heading>
        {success()}
      </Stack>
    );
  } else {
    content = (
      <Stack $gap={2}>
        <Heading>{pendingHeading}</Heading>
        <Text $muted>しばらくお待ちください。</Text>
        <LoadingSkeleton label={pendingHeading} rows={1} />
      </Stack>
    );
  }
  return <CardPage header={header}>{content}</CardPage>;
}
