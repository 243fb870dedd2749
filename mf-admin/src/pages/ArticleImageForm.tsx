import type { OperatorArticle } from '@sukoyaka/contract';
import { useRemoveArticleImage, useSetArticleImage } from '../api/articles';
import { useCurrentAssociation } from '../parts/association';
import { PictureForm } from '../parts/PictureForm';
import { loadContentCalls } from '@sukoyaka/shared';

/** Sets or removes an article's hero image with its alternative text (the article shows none without one). */
export function ArticleImageForm({ article }: { article: OperatorArticle }) {
  const { association } = useCurrentAssociation();
  const { associationId } = association;
  return (
    <PictureForm
      name={article.title}
      current={article.heroImage}
      loadSchema={() => loadContentCalls().then((calls) => calls.setOperatorArticleImage.input)}
      upload={useSetArticleImage(associationId)}
      inputOf={({ alt, contentBase64 }) => ({ associationId, articleId: article.id, alt, contentBase64 })}
      altLabel="代替テキスト（画像の内容を日本語で短く、100文字まで）"
      altHint="画面読み上げで画像の代わりに読まれます。例: 野菜たっぷりの朝ごはん"
      remove={useRemoveArticleImage(associationId)}
      removeInput={{ associationId, articleId: article.id }}
      removalText="画像を削除すると、会員の記事には画像が表示されなくなります。よろしいですか？"
    />
  );
}
