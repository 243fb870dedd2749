import type { OperatorDocumentVersion } from '@sukoyaka/contract';
import { DOCUMENT_FILE_TYPES } from '@sukoyaka/contract/content-terms';
import {
  Button,
  Card,
  FormError,
  Label,
  List,
  SectionHeading,
  Text,
  TextAreaField,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  loadContentCalls,
} from '@sukoyaka/shared';
import { useId, useState } from 'react';
import { useCreateDocumentVersion, useOperatorDocuments, usePublishDocumentVersion } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime } from '../parts/datetime';
import { readFileBase64 } from '../parts/file-text';
import { AdminPage, CardList, FormCard } from '../parts/page-frame';

/** A chosen file as the call takes it: name, type, bytes in base64. */
async function asUpload(file: File): Promise<{ fileName: string; contentType: string; contentBase64: string }> {
  return { fileName: file.name, contentType: file.type || 'application/octet-stream', contentBase64: await readFileBase64(file) };
}

/** /admin/documents: the association's procedures page (/paperworks) in versions, with its files. */
export function DocumentsPage() {
  const { association, canEdit } = useCurrentAssociation();
  const documents = useOperatorDocuments(association.associationId);
  return (
    <AdminPage
      title="手続き・書類"
      intro="会員の「各種手続き」ページ（/paperworks）に表示する本文と書類です。新しい版は公開するまで下書きです。"
      readOnlyNotice="閲覧者の権限では変更できません。"
    >
      <CardList query={documents} label="手続き・書類" items={(data) => data.versions} empty="まだ版はありません">
        {(version) => <VersionCard key={version.id} version={version} />}
      </CardList>
      {canEdit ? <NewVersionForm /> : null}
    </AdminPage>
  );
}

function VersionCard({ version }: { version: OperatorDocumentVersion }) {
  const { association, canEdit } = useCurrentAssociation();
  const publish = usePublishDocumentVersion(association.associationId);
  return (
    <Card aria-labelledby={`version-${version.id}`}>
      <SectionHeading id={`version-${version.id}`}>
        第{version.version}版 {version.title}
      </SectionHeading>
      <Text $muted>
        {version.current ? '会員に表示中' : version.publishedAt ? `公開済み（${formatJapanTime(version.publishedAt)}）` : '下書き'}
      </Text>
      {version.files.length > 0 ? (
        <List>
          {version.files.map((file) => (
            <li key={file.id}>
              {file.fileName}（{Math.ceil(file.size / 1024)}KB）
            </li>
          ))}
        </List>
      ) : null}
      {canEdit && !version.publishedAt ? (
        <Button
          busy={publish.isPending}
          onClick={() => publish.mutate({ associationId: association.associationId, documentId: version.id })}
        >
          第{version.version}版を公開する
        </Button>
      ) : null}
      {publish.isError ? <FormError>{describeError(publish.error)}</FormError> : null}
    </Card>
  );
}

function NewVersionForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateDocumentVersion(association.associationId);
  const { values, field, reset } = useFormValues(() => ({ title: '', body: '' }));
  const [files, setFiles] = useState<Array<{ fileName: string; contentType: string; contentBase64: string }>>([]);
  const inputId = useId();
  const form = useContractForm({
    loadSchema: () => loadContentCalls().then((calls) => calls.createOperatorDocumentVersion.input),
    mutation: create,
    onSuccess: () => {
      reset();
      setFiles([]);
    },
  });
  return (
    <FormCard
      id="new-version"
      heading="新しい版を作成する"
      form={form}
      submitLabel="下書きとして作成する"
      submits={() => ({ associationId: association.associationId, title: values.title, body: values.body, files })}
    >
      <TextField {...field('title', form.errors)} label="タイトル" />
      <TextAreaField {...field('body', form.errors)} label="本文" />
      <Label htmlFor={inputId}>書類（PDF・CSV・Excel、5つまで、各512KBまで）</Label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={DOCUMENT_FILE_TYPES.join(',')}
        onChange={(event) => void Promise.all(Array.from(event.target.files ?? []).map(asUpload)).then(setFiles)}
      />
      {Object.entries(form.errors)
        .filter(([name, message]) => name.startsWith('files') && message)
        .map(([name, message]) => (
          <FormError key={name}>{message}</FormError>
        ))}
    </FormCard>
  );
}
