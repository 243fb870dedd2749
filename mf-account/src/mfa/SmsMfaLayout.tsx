import { AppLink, Card, describeError, FormError, Heading, LoadingSkeleton, MemberOnly, Narrow, PageLayout, Stack } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export const Success = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primaryLight};
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

const INTRO_PATH = '/mfa/setting/sms/intro';
export const NEW_PATH = '/mfa/setting/sms/new';
export const EDIT_PATH = '/mfa/setting/sms/edit';

/** The frame of the SMS two-factor pages: member only, a heading, a way back to the overview. */
export function SmsMfaLayout({ title, back = true, children }: { title: string; back?: boolean; children: ReactNode }) {
  return (
    <PageLayout>
      <Narrow $max={640}>
        <MemberOnly>
          {() => (
            <Stack $gap={2}>
              <Heading>{title}</Heading>
              {children}
              {back ? (
                <div>
                  <AppLink href={INTRO_PATH}>SMS認証の設定に戻る</AppLink>
                </div>
              ) : null}
            </Stack>
          )}
        </MemberOnly>
      </Narrow>
    </PageLayout>
  );
}

/** Loading and error states of the setting, shared by the three pages. */
export function SettingState({ isPending, error, children }: { isPending: boolean; error: unknown; children: () => ReactNode }) {
  if (isPending) return <LoadingSkeleton label="SMS認証の設定を読み込んでいます" rows={2} />;
  if (error) return <FormError>{describeError(error)}</FormError>;
  return <Card>{children()}</Card>;
}
