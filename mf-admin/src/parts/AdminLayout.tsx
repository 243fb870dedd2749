import { Button, describeError, FormError, LoadingSkeleton, Navigate, NavLink, useLocation } from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useOperatorSession, useOperatorSignOut } from '../api/session';
import { adminPaths } from '../paths';
import { AssociationContext, rememberAssociation, rememberedAssociation } from './association';

const NAV: Array<{ to: string; label: string; end?: boolean }> = [
  { to: adminPaths.dashboard, label: 'ダッシュボード', end: true },
  { to: adminPaths.announcements, label: 'お知らせ' },
  { to: adminPaths.articles, label: '健康記事' },
  { to: adminPaths.enquetes, label: 'アンケート' },
  { to: adminPaths.faq, label: 'よくある質問' },
  { to: adminPaths.documents, label: '手続き・書類' },
  { to: adminPaths.competitions, label: '懸賞' },
  { to: adminPaths.walkingEvents, label: 'ウォーキング' },
  { to: adminPaths.challenges, label: 'チャレンジ' },
  { to: adminPaths.points, label: 'ポイント・ギフト' },
  { to: adminPaths.members, label: '会員の検索' },
  { to: adminPaths.giftOrders, label: 'ギフトの発送' },
  { to: adminPaths.roster, label: '名簿の取り込み' },
  { to: adminPaths.doctorProfile, label: '監修医' },
  { to: adminPaths.auditLogs, label: '操作履歴' },
];

const Shell = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr;
`;

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1, 2)};
  padding: ${({ theme }) => theme.spacing(1, 2)};
  background: ${({ theme }) => theme.colors.primaryDark};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const Brand = styled.p`
  margin: 0;
  font-weight: 700;
  flex: 1 1 auto;
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  @media (min-width: 900px) {
    grid-template-columns: 220px 1fr;
  }
`;

const Nav = styled.nav`
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  ul {
    list-style: none;
    margin: 0;
    padding: ${({ theme }) => theme.spacing(1)};
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing(0.5)};
    @media (min-width: 900px) {
      flex-direction: column;
    }
  }
  a {
    display: block;
    padding: ${({ theme }) => theme.spacing(1, 1.5)};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primaryLight};
    color: ${({ theme }) => theme.colors.primaryDark};
    font-weight: 700;
  }
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.spacing(2)};
  min-width: 0;
  @media (min-width: 900px) {
    padding: ${({ theme }) => theme.spacing(3, 4)};
  }
`;

const Who = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

/**
 * Every operator page but the sign-in steps: only a session signed in with both factors reaches
 * it (otherwise the sign-in step it stands at), with the navigation and the association chosen.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const session = useOperatorSession();
  const signOut = useOperatorSignOut();
  const location = useLocation();
  const roles = useMemo(() => session.data?.operator?.roles ?? [], [session.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const association = roles.find((role) => role.associationId === chosen) ?? rememberedAssociation(roles);

  if (session.isPending) return <LoadingSkeleton label="運営者の情報を読み込み中" />;
  if (session.isError) {
    return (
      <Main>
        <FormError>{describeError(session.error)}</FormError>
        <Button onClick={() => void session.refetch()}>再読み込み</Button>
      </Main>
    );
  }
  const { state } = session.data;
  if (state === 'signedOut') return <Navigate to={`${adminPaths.login}?return_to=${encodeURIComponent(location.pathname)}`} replace />;
  if (state === 'totpRequired') return <Navigate to={adminPaths.twoFactor} replace />;
  if (state === 'enrolmentRequired') return <Navigate to={adminPaths.enrolment} replace />;
  const operator = session.data.operator!;

  return (
    <Shell>
      <Bar>
        <Brand>すこやか 運営管理</Brand>
        {roles.length > 1 ? (
          <Select
            label="健康保険組合"
            value={association?.associationId ?? ''}
            options={roles.map((role) => ({ value: role.associationId, label: role.associationName }))}
            onChange={(event) => {
              setChosen(event.target.value);
              rememberAssociation(event.target.value);
            }}
          />
        ) : (
          <span>{association?.associationName}</span>
        )}
        <Who>
          {operator.name}（{association?.role === 'editor' ? '編集者' : '閲覧者'}）
        </Who>
        <Button variant="secondary" busy={signOut.isPending} onClick={() => signOut.mutate()}>
          ログアウト
        </Button>
      </Bar>
      <Body>
        <Nav aria-label="運営管理メニュー">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </Nav>
        <Main>
          {association ? (
            <AssociationContext.Provider value={{ association, canEdit: association.role === 'editor' }}>
              {children}
            </AssociationContext.Provider>
          ) : (
            <p>担当する健康保険組合がありません。管理者に権限の付与を依頼してください。</p>
          )}
        </Main>
      </Body>
    </Shell>
  );
}
