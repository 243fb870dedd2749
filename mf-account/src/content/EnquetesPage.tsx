import { AppLink, EmptyState, List, LoadingSkeleton, MemberOnly, Text, japaneseDate, usePageTitle, LoadFailure } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useOpenEnquetes } from './api/list-open-enquetes';
import { Badge } from './parts';
import { CardPage } from '../parts/CardPage';

const Items = styled(List).attrs({ $gap: 1 })`
  a {
    display: block;
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1.5, 2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
`;

function EnqueteList() {
  const { data, error, isPending, refetch } = useOpenEnquetes();
  if (isPending) return <LoadingSkeleton label="アンケートを読み込んでいます" rows={3} />;
  if (error) {
    return <LoadFailure what="アンケート" error={error} retry={() => void refetch()} />;
  }
  if (data.items.length === 0)
    return <EmptyState title="回答を受け付けているアンケートはありません">新しいアンケートが始まると、ここに表示されます。</EmptyState>;
  return (
    <Items aria-label="アンケートの一覧">
      {data.items.map((enquete) => (
        <li key={enquete.id}>
          <AppLink href={`/enquetes/${enquete.id}`}>
            <Text as="span" $muted>
              {enquete.answeredAt ? <Badge>回答済み</Badge> : <Badge $tone="accent">未回答</Badge>} 全{enquete.questionCount}問
              {enquete.closesAt ? `・${japaneseDate(enquete.closesAt)}まで` : ''}
            </Text>
            <strong>{enquete.title}</strong>
          </AppLink>
        </li>
      ))}
    </Items>
  );
}

/** `/enquetes`: the association's open enquetes. */
export function EnquetesPage() {
  usePageTitle('アンケート');
  return (
    <CardPage max={720} title="アンケート">
      <Text $muted>アンケートへの回答でポイントがもらえることがあります。</Text>
      <MemberOnly>{() => <EnqueteList />}</MemberOnly>
    </CardPage>
  );
}
