import type { SiteDocumentKind } from '@sukoyaka/contract';
import {
  AppError,
  AppLink,
  Button,
  FormError,
  Heading,
  List,
  LoadingSkeleton,
  MemberOnly,
  SectionHeading,
  Stack,
  Text,
  describeError,
  japaneseDate,
  usePageTitle,
  useSession,
  userInfoQueryOptions,
} from '@sukoyaka/shared';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useSiteDocument } from './api/get-site-document';
import { BodyText } from './parts';
import { CardPage } from '../parts/CardPage';

const Files = styled(List).attrs({ $gap: 1 })`
  a {
    display: inline-flex;
    min-height: 44px;
    align-items: center;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const fileSize = (bytes: number) => (bytes < 1024 ? `${bytes}バイト` : `${Math.ceil(bytes / 1024)}KB`);
const fileKind = (contentType: string) => (contentType === 'application/pdf' ? 'PDF' : contentType === 'text/csv' ? 'CSV' : 'ファイル');

function DocumentView({ kind, title }: { kind: SiteDocumentKind; title: string }) {
  const { data, error, isPending, refetch } = useSiteDocument(kind);
  if (isPending) return <LoadingSkeleton label={`${title}を読み込んでいます`} rows={5} />;
  if (error) {
    const missing = error instanceof AppError && error.statusCode === 404;
    return (
      <Stack $gap={1.5}>
        <Heading>{title}</Heading>
        {missing ? (
          <Text>{title}は現在公開されていません。</Text>
        ) : (
          <>
            <FormError>{describeError(error)}</FormError>
            <div>
              <Button variant="secondary" onClick={() => void refetch()}>
                再読み込み
              </Button>
            </div>
          </>
        )}
      </Stack>
    );
  }
  return (
    <Stack $gap={2}>
      <Stack $gap={0.5}>
        <Heading>{data.title}</Heading>
        <Text $muted>
          第{data.version}版（{japaneseDate(data.publishedAt)}公開）
        </Text>
      </Stack>
      <BodyText text={data.body} />
      {data.files.length > 0 ? (
        <Stack $gap={1} as="section" aria-labelledby="document-files">
          <SectionHeading id="document-files">書類のダウンロード</SectionHeading>
          <Files>
            {data.files.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.fileName}>
                  {file.fileName}（{fileKind(file.contentType)}・{fileSize(file.size)}）
                </a>
              </li>
            ))}
          </Files>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** For a member: their association's own terms, which they agreed to, are on the agreements page. */
function AssociationTermsLink() {
  const session = useSession();
  const signedIn = Boolean(session.data?.userId);
  // Only a signed-in member has an association to ask about.
  const member = useQuery({ ...userInfoQueryOptions(), enabled: signedIn });
  const association = signedIn ? member.data?.association : null;
  if (!association) return null;
  return (
    <Text>
      {association.name}の利用規約は<AppLink href={`/associations/${association.id}/agreements`}>こちら</AppLink>
      でご確認いただけます。
    </Text>
  );
}

/** `/terms`: the service's terms (readable before signing in). */
export function TermsPage() {
  usePageTitle('利用規約');
  return (
    <CardPage max={720}>
      <Stack $gap={2}>
        <DocumentView kind="terms" title="利用規約" />
        <AssociationTermsLink />
      </Stack>
    </CardPage>
  );
}

/** `/media_policy`: the service's media policy (footer). */
export function MediaPolicyPage() {
  usePageTitle('メディアポリシー');
  return (
    <CardPage max={720}>
      <DocumentView kind="media_policy" title="メディアポリシー" />
    </CardPage>
  );
}

/** `/paperworks`: the association's procedures and forms to download (members only). */
export function PaperworksPage() {
  usePageTitle('各種手続き');
  return (
    <CardPage max={720}>
      <MemberOnly>{() => <DocumentView kind="paperworks" title="各種手続き" />}</MemberOnly>
    </CardPage>
  );
}
