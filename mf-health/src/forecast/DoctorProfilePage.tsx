import type { DoctorProfile } from '@sukoyaka/contract';
import {
  AppLink,
  Card,
  EmptyState,
  Heading,
  LoadingSkeleton,
  PageLayout,
  SectionHeading,
  Stack,
  Text,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import styled from 'styled-components';
import { useDoctorProfile } from './api/get-doctor-profile';

const Header = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  align-items: center;
  flex-wrap: wrap;
`;

/** A drawn portrait (no photograph of anyone): a figure in a white coat with the name's first letter. */
function DoctorAvatar({ name }: { name: string }) {
  const initial = Array.from(name.trim())[0] ?? '';
  return (
    <svg role="img" aria-label={`${name}のイラスト`} viewBox="0 0 96 96" width={96} height={96}>
      <circle cx="48" cy="48" r="48" fill="#e3f3ec" />
      <path d="M16 92 C18 70 30 62 48 62 C66 62 78 70 80 92 Z" fill="#ffffff" stroke="#d0d7de" />
      <path d="M42 62 L48 76 L54 62 Z" fill="#0b6e4f" />
      <circle cx="48" cy="38" r="16" fill="#f2d3b8" />
      <path d="M32 36 C32 24 40 20 48 20 C56 20 64 24 64 36 C60 30 52 28 48 28 C44 28 36 30 32 36 Z" fill="#3b3b3b" />
      <circle cx="70" cy="76" r="10" fill="#0b6e4f" />
      <text x="70" y="80" textAnchor="middle" fontSize="11" fill="#ffffff" fontWeight="700">
        {initial}
      </text>
    </svg>
  );
}

function Profile({ profile }: { profile: DoctorProfile }) {
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="doctor-name">
        <Stack $gap={2}>
          <Header>
            <DoctorAvatar name={profile.name} />
            <div>
              <Text $muted>{profile.title}</Text>
              <SectionHeading id="doctor-name">
                {profile.name}
                <span style={{ fontWeight: 400, fontSize: '0.875rem', marginLeft: 8 }}>（{profile.nameKana}）</span>
              </SectionHeading>
              <Text>専門：{profile.specialty}</Text>
            </div>
          </Header>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{profile.message}</Text>
        </Stack>
      </Card>
      {profile.qualifications.length > 0 ? (
        <Card aria-labelledby="doctor-qualifications">
          <SectionHeading id="doctor-qualifications">資格</SectionHeading>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {profile.qualifications.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      {profile.career.length > 0 ? (
        <Card aria-labelledby="doctor-career">
          <SectionHeading id="doctor-career">経歴</SectionHeading>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {profile.career.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Stack>
  );
}

/** `/doctor_profile01`: the physician who supervises the health forecast (visitors too). */
export function DoctorProfilePage() {
  usePageTitle('監修医師のご紹介');
  const doctor = useDoctorProfile();
  let body;
  if (doctor.isPending) body = <LoadingSkeleton label="監修医師の情報を読み込んでいます" rows={4} />;
  else if (doctor.error) body = <LoadFailure what="監修医師の情報" error={doctor.error} retry={() => void doctor.refetch()} />;
  else if (!doctor.data.profile) body = <EmptyState title="監修医師の情報はまだ登録されていません" />;
  else body = <Profile profile={doctor.data.profile} />;
  return (
    <PageLayout>
      <Stack $gap={3}>
        <Heading>監修医師のご紹介</Heading>
        {body}
        <Text>
          <AppLink href="/health_forecasts/simulations">健康予報へ</AppLink>
          {' ・ '}
          <AppLink href="/health_forecasts/simulations/about">健康予報について</AppLink>
        </Text>
      </Stack>
    </PageLayout>
  );
}
