import {
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  FormError,
  Heading,
  MemberOnly,
  Narrow,
  navigate,
  PageLayout,
  Stack,
  Text,
  usePageTitle,
  type UserInfo,
  useContractForm,
  FieldList,
  useFieldValues,
  type FieldSpec,
  isoDateOf,
  loadAccountCalls,
} from '@sukoyaka/shared';
import { DatePicker } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useVerifyOrganization } from './api/verify-organization';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 1fr 1fr; }`}
`;

/** The form's values as the call takes them; an unpicked birthday is '' so validation names it. */
function formValues(insurerNumber: string, memberSymbol: string, memberNumber: string, birthday: Date | null) {
  return { insurerNumber, memberSymbol, memberNumber, birthday: birthday ? isoDateOf(birthday) : '' };
}

function AlreadyLinked({ member }: { member: UserInfo }) {
  return (
    <Card>
      <Stack $gap={2}>
        <Heading>加入者情報の登録</Heading>
        <Text>{member.association?.name}の加入者として登録済みです。</Text>
        <div>
          <ButtonLinkStyle as={AppLink} href="/" $variant="secondary">
            ホームに戻る
          </ButtonLinkStyle>
        </div>
      </Stack>
    </Card>
  );
}

/** What is on the insurance card: the number first, then symbol and number side by side. */
const insurerFields = [
  {
    name: 'insurerNumber',
    label: '保険者番号',
    hint: '保険証の「保険者番号」欄に記載の8桁の数字',
    inputMode: 'numeric',
    autoComplete: 'off',
  },
] as const satisfies readonly FieldSpec[];
const memberFields = [
  { name: 'memberSymbol', label: '記号', hint: '保険証の「記号」欄', autoComplete: 'off' },
  { name: 'memberNumber', label: '番号', hint: '保険証の「番号」欄（枝番は不要です）', inputMode: 'numeric', autoComplete: 'off' },
] as const satisfies readonly FieldSpec[];
const cardFields = [...insurerFields, ...memberFields];

function VerificationForm() {
  const [values, setValue] = useFieldValues(cardFields);
  const [birthday, setBirthday] = useState<Date | null>(null);
  const form = useContractForm({
    loadSchema: () => loadAccountCalls().then((calls) => calls.verifyOrganization.input),
    mutation: useVerifyOrganization(),
    onSuccess: (result) => navigate(result.next),
  });

  return (
    <Card>
      <form
        {...form.formProps(() => formValues(values.insurerNumber, values.memberSymbol, values.memberNumber, birthday))}
        aria-labelledby="org-verification-heading"
      >
        <Stack $gap={2.5}>
          <Heading id="org-verification-heading">加入者情報の登録</Heading>
          <Text>
            お手元の保険証（または資格確認書）を見ながら入力してください。入力された内容を、ご加入の健康保険組合の加入者名簿と照合します。
          </Text>
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <FieldList fields={insurerFields} values={values} errors={form.errors} onChange={setValue} />
          <Row>
            <FieldList fields={memberFields} values={values} errors={form.errors} onChange={setValue} />
          </Row>
          <DatePicker label="生年月日" value={birthday} onChange={setBirthday} max={new Date()} error={form.errors.birthday} />
          <Button type="submit" block busy={form.isPending}>
            {form.isPending ? '確認しています…' : '確認する'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** `/org_verification`: the member links to their association with what is on their insurance card. */
export function OrgVerificationPage() {
  usePageTitle('加入者情報の登録');
  return (
    <PageLayout>
      <Narrow $max={560}>
        <MemberOnly>{(member) => (member.association ? <AlreadyLinked member={member} /> : <VerificationForm />)}</MemberOnly>
      </Narrow>
    </PageLayout>
  );
}
