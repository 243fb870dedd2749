import { calls } from '@sukoyaka/contract';
import {
  AppError,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  DatePicker,
  describeError,
  type FieldErrors,
  fieldErrorsOf,
  FormError,
  Heading,
  MemberOnly,
  Narrow,
  navigate,
  PageLayout,
  Stack,
  Text,
  TextField,
  usePageTitle,
  type UserInfo,
  validateInput,
} from '@sukoyaka/shared';
import { format } from 'date-fns';
import { useState, type FormEvent } from 'react';
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
  return { insurerNumber, memberSymbol, memberNumber, birthday: birthday ? format(birthday, 'yyyy-MM-dd') : '' };
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

function VerificationForm() {
  const [insurerNumber, setInsurerNumber] = useState('');
  const [memberSymbol, setMemberSymbol] = useState('');
  const [memberNumber, setMemberNumber] = useState('');
  const [birthday, setBirthday] = useState<Date | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const verify = useVerifyOrganization();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validateInput(
      calls.verifyOrganization.input,
      formValues(insurerNumber, memberSymbol, memberNumber, birthday),
    );
    setErrors(invalid ?? {});
    if (!data) return;
    verify.mutate(data, {
      onSuccess: (result) => navigate(result.next),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  // A field's problem shows under the field; anything else (no match, too many tries) above the form.
  const error = verify.error;
  const hasFieldErrors = error instanceof AppError && Object.keys(error.fieldErrors).length > 0;
  const formError = error && !hasFieldErrors ? describeError(error) : null;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="org-verification-heading">
        <Stack $gap={2.5}>
          <Heading id="org-verification-heading">加入者情報の登録</Heading>
          <Text>
            お手元の保険証（または資格確認書）を見ながら入力してください。入力された内容を、ご加入の健康保険組合の加入者名簿と照合します。
          </Text>
          {formError ? <FormError>{formError}</FormError> : null}
          <TextField
            label="保険者番号"
            hint="保険証の「保険者番号」欄に記載の8桁の数字"
            name="insurerNumber"
            inputMode="numeric"
            autoComplete="off"
            value={insurerNumber}
            onChange={(event) => setInsurerNumber(event.target.value)}
            error={errors.insurerNumber}
            required
          />
          <Row>
            <TextField
              label="記号"
              hint="保険証の「記号」欄"
              name="memberSymbol"
              autoComplete="off"
              value={memberSymbol}
              onChange={(event) => setMemberSymbol(event.target.value)}
              error={errors.memberSymbol}
              required
            />
            <TextField
              label="番号"
              hint="保険証の「番号」欄（枝番は不要です）"
              name="memberNumber"
              inputMode="numeric"
              autoComplete="off"
              value={memberNumber}
              onChange={(event) => setMemberNumber(event.target.value)}
              error={errors.memberNumber}
              required
            />
          </Row>
          <DatePicker label="生年月日" value={birthday} onChange={setBirthday} max={new Date()} error={errors.birthday} />
          <Button type="submit" block busy={verify.isPending}>
            {verify.isPending ? '確認しています…' : '確認する'}
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
