import type { CallDefinition } from '../define';
import * as articles from './articles';
import { countUnreadAnnouncements, listAnnouncements, readAnnouncement } from './announcements';
import { completeCityOSOptIn, getCityOSOptInURL } from './city-os';
import { getSiteDocument } from './documents';
import { answerEnquete, getEnquete, listOpenEnquetes } from './enquetes';
import { listVisibleFaqCategories } from './faq';
import { createInquiry } from './inquiries';
import * as operatorAnnouncements from './operator-announcements';
import * as operatorDocuments from './operator-documents';
import * as operatorEnquetes from './operator-enquetes';
import * as operatorFaq from './operator-faq';

/** The content area's calls (pages in mf-account, bff/src/content). */
export const contentCalls = {
  listAnnouncements,
  readAnnouncement,
  countUnreadAnnouncements,
  listVisibleFaqCategories,
  createInquiry,
  getSiteDocument,
  listOpenEnquetes,
  getEnquete,
  answerEnquete,
  getCityOSOptInURL,
  completeCityOSOptIn,
  listOperatorAnnouncements: operatorAnnouncements.listOperatorAnnouncements,
  createOperatorAnnouncement: operatorAnnouncements.createOperatorAnnouncement,
  updateOperatorAnnouncement: operatorAnnouncements.updateOperatorAnnouncement,
  publishOperatorAnnouncement: operatorAnnouncements.publishOperatorAnnouncement,
  listOperatorFaq: operatorFaq.listOperatorFaq,
  saveOperatorFaqCategory: operatorFaq.saveOperatorFaqCategory,
  saveOperatorFaqQuestion: operatorFaq.saveOperatorFaqQuestion,
  listOperatorDocuments: operatorDocuments.listOperatorDocuments,
  createOperatorDocumentVersion: operatorDocuments.createOperatorDocumentVersion,
  publishOperatorDocumentVersion: operatorDocuments.publishOperatorDocumentVersion,
  listOperatorEnquetes: operatorEnquetes.listOperatorEnquetes,
  createOperatorEnquete: operatorEnquetes.createOperatorEnquete,
  publishOperatorEnquete: operatorEnquetes.publishOperatorEnquete,
  closeOperatorEnquete: operatorEnquetes.closeOperatorEnquete,
  getOperatorEnqueteResults: operatorEnquetes.getOperatorEnqueteResults,
  listArticles: articles.listArticles,
  listSavedArticles: articles.listSavedArticles,
  getArticle: articles.getArticle,
  saveArticle: articles.saveArticle,
  answerArticleQuiz: articles.answerArticleQuiz,
  getArticleRecommendations: articles.getArticleRecommendations,
  listOperatorArticles: articles.listOperatorArticles,
  createOperatorArticle: articles.createOperatorArticle,
  updateOperatorArticle: articles.updateOperatorArticle,
  publishOperatorArticle: articles.publishOperatorArticle,
  setOperatorArticleImage: articles.setOperatorArticleImage,
  removeOperatorArticleImage: articles.removeOperatorArticleImage,
} as const satisfies Record<string, CallDefinition>;

export * from './announcements';
export {
  ARTICLE_BODY_MAX,
  ARTICLE_QUIZ_CHOICES_MAX,
  ARTICLE_QUIZ_CHOICES_MIN,
  ARTICLE_QUIZ_CORRECT,
  ARTICLE_IMAGE_ALT_MAX,
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MAX_MESSAGE,
  ARTICLE_IMAGE_PATH,
  ARTICLE_IMAGE_TYPE_MESSAGE,
  ARTICLE_IMAGE_WIDTHS,
  ArticleErrorCodes,
  articleHeroImageSchema,
  articleStates,
} from './articles';
export type { Article, ArticleQuizResult, ArticleState, ArticleSummary, OperatorArticle } from './articles';
export { CITY_OS_LINK_MINUTES, CityOsErrorCodes } from './city-os';
export * from './documents';
export * from './enquetes';
export * from './faq';
export * from './inquiries';
export { announcementStates, operatorAnnouncementSchema } from './operator-announcements';
export type { AnnouncementState, OperatorAnnouncement } from './operator-announcements';
export { DOCUMENT_FILE_MAX_BYTES, DOCUMENT_FILES_MAX, operatorDocumentVersionSchema } from './operator-documents';
export type { OperatorDocumentVersion } from './operator-documents';
export { enqueteResultSchema, enqueteStates, operatorEnqueteSchema } from './operator-enquetes';
export type { EnqueteResult, EnqueteState, OperatorEnquete } from './operator-enquetes';
export { operatorFaqCategorySchema } from './operator-faq';
export type { OperatorFaqCategory } from './operator-faq';
export * from './shared';
