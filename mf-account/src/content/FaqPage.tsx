import {
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  EmptyState,
  Heading,
  LoadingSkeleton,
  Narrow,
  PageLayout,
  SectionHeading,
  Stack,
  Text,
  TextField,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFaqCategories } from './api/list-faq';
import { BodyText } from './parts';

const Question = styled.details`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.spacing(1, 0)};
  summary {
    min-height: 44px;
    display: flex;
    align-items: center;
    cursor: pointer;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  > div {
    padding: ${({ theme }) => theme.spacing(1, 0, 1, 2)};
  }
`;

const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  align-items: flex-end;
  > div:first-child {
    flex: 1 1 12rem;
  }
`;

function Results({ q }: { q: string }) {
  const { data, error, isPending, refetch } = useFaqCategories(q);
  if (isPending) return <LoadingSkeleton label="よくある質問を読み込んでいます" rows={4} />;
  if (error && !data) {
    return <LoadFailure what="よくある質問" error={error} retry={() => void refetch()} />;
  }
  if (data.categories.length === 0) {
    return (
      <EmptyState title={q ? `「${q}」に一致する質問は見つかりませんでした` : 'よくある質問はまだありません'}>
        {q
          ? '別の言葉で検索するか、下のお問い合わせフォームからご質問ください。'
          : 'ご不明な点は、お問い合わせフォームからご質問ください。'}
      </EmptyState>
    );
  }
  return (
    <Stack $gap={2.5}>
      {q ? <Text role="status">「{q}」の検索結果</Text> : null}
      {data.categories.map((category) => (
        <section key={category.id} aria-labelledby={`faq-${category.id}`}>
          <SectionHeading id={`faq-${category.id}`}>{category.name}</SectionHeading>
          {category.questions.map((question) => (
            <Question key={question.id}>
              <summary>Q. {question.question}</summary>
              <div>
                <BodyText text={question.answer} />
              </div>
            </Question>
          ))}
        </section>
      ))}
    </Stack>
  );
}

/** `/faq`: the visible questions by category, searchable, ending in the contact form. */
export function FaqPage() {
  usePageTitle('よくある質問');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <PageLayout>
      <Narrow $max={720}>
        <Stack $gap={2}>
          <Card>
            <Stack $gap={2}>
              <Heading>よくある質問</Heading>
              <SearchRow role="search" onSubmit={onSearch}>
                <TextField
                  label="キーワードで探す"
                  hint="ひらがな・カタカナ、全角・半角を区別せずに探します"
                  value={draft}
                  maxLength={100}
                  onChange={(event) => setDraft(event.target.value)}
                />
                <Button type="submit">検索</Button>
                {q ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setDraft('');
                      setQ('');
                    }}
                  >
                    検索をやめる
                  </Button>
                ) : null}
              </SearchRow>
              <Results q={q} />
            </Stack>
          </Card>
          <Card aria-labelledby="faq-contact">
            <Stack $gap={1.5}>
              <SectionHeading id="faq-contact">解決しない場合は</SectionHeading>
              <Text>お探しの答えが見つからない場合は、お問い合わせフォームからご連絡ください。</Text>
              <div>
                <ButtonLinkStyle as={AppLink} href="/inquiry/new">
                  お問い合わせフォームへ
                </ButtonLinkStyle>
              </div>
            </Stack>
          </Card>
        </Stack>
      </Narrow>
    </PageLayout>
  );
}
