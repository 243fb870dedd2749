import { Card, Heading, MemberOnly, PageLayout, SectionHeading, Stack, usePageTitle } from '@sukoyaka/shared';
import { BloodPressureForm } from './BloodPressureForm';
import { BloodPressureList } from './BloodPressureList';

/** `/vitals`: record a blood pressure and see the member's readings. */
export function VitalsPage() {
  usePageTitle('バイタル');
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Heading>バイタル</Heading>
            <Card aria-labelledby="bp-form-heading">
              <SectionHeading id="bp-form-heading">血圧を記録する</SectionHeading>
              <BloodPressureForm />
            </Card>
            <Card aria-labelledby="bp-list-heading">
              <SectionHeading id="bp-list-heading">血圧の記録</SectionHeading>
              <BloodPressureList />
            </Card>
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}
