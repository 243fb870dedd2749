import { usePageTitle } from '../routing/page-title';
import { GenericErrorPage } from './ErrorPages';
import { GENERIC_MESSAGES } from '../errors/fatal-errors';

/** The 404 page (spec §8): the generic error page with its message and 'ホームに戻る'. */
export function NotFoundPage() {
  usePageTitle('ページが見つかりません');
  return <GenericErrorPage heading="404" message={GENERIC_MESSAGES[404].message} homeLink={GENERIC_MESSAGES[404].homeLink} />;
}
