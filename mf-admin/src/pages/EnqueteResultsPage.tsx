import { Card, EmptyState, Heading, List, SectionHeading, Stack, Text, usePageTitle, Link, useParams } from '@sukoyaka/shared';
import { useEnqueteResults } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime } from '../parts/datetime';
import { QueryState } from '../parts/states';
import { Table, TableScroll } from '../parts/Table';
import { adminPaths } from '../paths';

const percent = (count: number, total: number) => (total === 0 ? '0%' : `${Math.round((count / total) * 100)}%`);

/** /admin/enquetes/:enqueteId: the counts per choice and scale value, the mean, the free texts. */
export function EnqueteResultsPage() {
  usePageTitle('アンケート結果 | すこやか運営管理');
  const { association } = useCurrentAssociation();
  const { enqueteId = '' } = useParams();
  const results = useEnqueteResults(association.associationId, enqueteId);
  return (
    <Stack $gap={3}>
      <Link to={adminPaths.enquetes}>アンケートの一覧へ戻る</Link>
      <QueryState query={results} label="アンケート結果">
        {(data) => (
          <Stack $gap={3}>
            <Heading>{data.enquete.title}の結果</Heading>
            <Text>回答数: {data.enquete.responseCount}件</Text>
            {data.enquete.responseCount === 0 ? <EmptyState title="まだ回答はありません" /> : null}
            {data.questions.map((question, index) => (
              <Card key={question.id} aria-labelledby={`question-${question.id}`}>
                <SectionHeading id={`question-${question.id}`}>
                  設問{index + 1}. {question.text}
                </SectionHeading>
                <Text $muted>回答した人: {question.answered}人</Text>
                {question.choices.length > 0 ? (
                  <TableScroll>
                    <Table>
                      <caption>選択肢ごとの回答数</caption>
                      <thead>
                        <tr>
                          <th scope="col">選択肢</th>
                          <th scope="col" className="number">
                            回答数
                          </th>
                          <th scope="col" className="number">
                            割合
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {question.choices.map((choice) => (
                          <tr key={choice.id}>
                            <th scope="row">{choice.label}</th>
                            <td className="number">{choice.count}</td>
                            <td className="number">{percent(choice.count, question.answered)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  </TableScroll>
                ) : null}
                {question.kind === 'scale' ? (
                  <>
                    <Text>平均: {question.mean === null ? '—' : question.mean.toFixed(1)}</Text>
                    <List>
                      {question.scale.map((item) => (
                        <li key={item.value}>
                          {item.value}: {item.count}件
                        </li>
                      ))}
                    </List>
                  </>
                ) : null}
                {question.kind === 'text' ? (
                  question.texts.length === 0 ? (
                    <Text $muted>記述はまだありません。</Text>
                  ) : (
                    <List>
                      {question.texts.map((text, at) => (
                        <li key={at}>
                          {text.text}（{formatJapanTime(text.answeredAt)}）
                        </li>
                      ))}
                    </List>
                  )
                ) : null}
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
