import type { OperatorDocumentVersion, OperatorFaqCategory } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const CATEGORY_ID = '5ab17e9d-0f3c-4b6d-8e8f-6c7d8e9fa0b1';
const DOCUMENT_ID = '6bc28fae-1a4d-4c7e-9f90-7d8e9fa0b1c2';

const category: OperatorFaqCategory = {
  id: CATEGORY_ID,
  name: 'ポイントについて',
  position: 0,
  visible: true,
  questions: [
    { id: 'q1', question: 'ポイントの有効期限は？', answer: '付与から3年です。', position: 0, visible: true },
    { id: 'q2', question: '古い質問', answer: '…', position: 1, visible: false },
  ],
};

const draft: OperatorDocumentVersion = {
  id: DOCUMENT_ID,
  kind: 'paperworks',
  version: 2,
  title: '各種手続き',
  body: '扶養の異動は届け出てください。',
  publishedAt: null,
  current: false,
  files: [{ id: 'f1', fileName: '被扶養者異動届.csv', contentType: 'text/csv', size: 2048 }],
  createdAt: '2026-11-20T00:00:00Z',
};

describe('FAQ (issue 14: the association’s categories and questions)', () => {
  it('shows categories with hidden questions marked, and adds a question', async () => {
    signedIn(bff);
    bff.onCall('listOperatorFaq', reply({ categories: [category] }));
    bff.onCall('saveOperatorFaqQuestion', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        categoryId: CATEGORY_ID,
        question: 'ポイントは譲れますか',
        answer: '譲ることはできません。',
        visible: true,
      });
      return reply({ categories: [category] });
    });
    renderAt('/admin/faq');
    expect(await screen.findByRole('heading', { name: 'ポイントについて' })).toBeInTheDocument();
    expect(screen.getByText('Q. 古い質問（非表示）')).toBeInTheDocument();
    await userEvent.click(screen.getByText('質問を追加する'));
    await userEvent.type(screen.getByLabelText('質問'), 'ポイントは譲れますか');
    await userEvent.type(screen.getByLabelText('回答'), '譲ることはできません。');
    await userEvent.click(screen.getAllByRole('button', { name: '追加する' })[0]!);
    await screen.findByRole('heading', { name: 'ポイントについて' });
    expect(bff.callsOf('saveOperatorFaqQuestion')).toHaveLength(1);
  });

  it('hides a category, and a viewer only reads', async () => {
    signedIn(bff);
    bff.onCall('listOperatorFaq', reply({ categories: [category] }));
    bff.onCall('saveOperatorFaqCategory', (request) => {
      expect(request.body).toMatchObject({ categoryId: CATEGORY_ID, visible: false });
      return reply({ categories: [{ ...category, visible: false }] });
    });
    const first = renderAt('/admin/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'このカテゴリを非表示にする' }));
    expect(bff.callsOf('saveOperatorFaqCategory')).toHaveLength(1);
    first.unmount();
    bff.reset();
    signedIn(bff, viewerProfile);
    bff.onCall('listOperatorFaq', reply({ categories: [] }));
    renderAt('/admin/faq');
    expect(await screen.findByText('カテゴリはまだありません')).toBeInTheDocument();
    expect(screen.getByText('閲覧者の権限では変更できません。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '追加する' })).not.toBeInTheDocument();
  });
});

describe('procedures and forms (issue 14: /paperworks in versions)', () => {
  it('lists versions with their files and publishes a draft', async () => {
    signedIn(bff);
    bff.onCall('listOperatorDocuments', reply({ versions: [draft] }));
    bff.onCall('publishOperatorDocumentVersion', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, documentId: DOCUMENT_ID });
      return reply({ ...draft, publishedAt: '2026-11-23T00:00:00Z', current: true });
    });
    renderAt('/admin/documents');
    expect(await screen.findByRole('heading', { name: '第2版 各種手続き' })).toBeInTheDocument();
    expect(screen.getByText('被扶養者異動届.csv（2KB）')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '第2版を公開する' }));
    expect(bff.callsOf('publishOperatorDocumentVersion')).toHaveLength(1);
  });

  it('creates a version with a file in base64', async () => {
    signedIn(bff);
    bff.onCall('listOperatorDocuments', reply({ versions: [] }));
    bff.onCall('createOperatorDocumentVersion', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        title: '各種手続き',
        body: '本文です。',
        files: [{ fileName: 'form.csv', contentType: 'text/csv', contentBase64: btoa('a,b\n') }],
      });
      return reply(draft);
    });
    renderAt('/admin/documents');
    expect(await screen.findByText('まだ版はありません')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('タイトル'), '各種手続き');
    await userEvent.type(screen.getByLabelText('本文'), '本文です。');
    await userEvent.upload(screen.getByLabelText(/書類/), new File(['a,b\n'], 'form.csv', { type: 'text/csv' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.click(screen.getByRole('button', { name: '下書きとして作成する' }));
    await screen.findByText('まだ版はありません');
    expect(bff.callsOf('createOperatorDocumentVersion')).toHaveLength(1);
  });

  it('a failed list shows the error', async () => {
    signedIn(bff);
    bff.onCall('listOperatorDocuments', bffError(500, 'internal_error', 'システムエラーです'));
    renderAt('/admin/documents');
    expect(await screen.findByText(/手続き・書類を読み込めませんでした/)).toBeInTheDocument();
  });
});
