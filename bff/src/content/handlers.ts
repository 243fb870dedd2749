import type { Handlers } from '../platform/handlers';
import { getArticleRecommendations } from './article-recommendations';
import * as articles from './articles';
import { countUnread, listAnnouncements, readAnnouncement } from './announcements';
import { completeCityOSOptIn, startCityOsOptIn } from './city-os';
import { currentSiteDocument } from './documents';
import { answerEnquete, getEnquete, listOpenEnquetes } from './enquetes';
import { listVisibleFaqCategories } from './faq';
import { createInquiry } from './inquiries';
import * as announcementsAdmin from './operator-announcements';
import * as articlesAdmin from './operator-articles';
import * as documentsAdmin from './operator-documents';
import * as enquetesAdmin from './operator-enquetes';
import * as faqAdmin from './operator-faq';

/** The content area's calls (contract/src/content), as one record for app.ts. */
export const contentHandlers = {
  async listAnnouncements(input, { db, member, now }) {
    return listAnnouncements(db, member, input, now);
  },

  async readAnnouncement(input, { db, member, now }) {
    return readAnnouncement(db, member, input.announcementId, now);
  },

  async countUnreadAnnouncements(_input, { db, member, now }) {
    return { unreadCount: await countUnread(db, member, now) };
  },

  async listVisibleFaqCategories(input, { db, member }) {
    return listVisibleFaqCategories(db, member?.associationId ?? null, input.q);
  },

  async createInquiry(input, { db, member, now, config }) {
    return createInquiry(db, member, input, { now, staffAddress: config.inquiryMailTo });
  },

  async getSiteDocument(input, { db, member, now }) {
    return currentSiteDocument(db, input.kind, member?.associationId ?? null, now);
  },

  async listOpenEnquetes(_input, { db, member, now }) {
    return listOpenEnquetes(db, member, now);
  },

  async getEnquete(input, { db, member, now }) {
    return getEnquete(db, member, input.enqueteId, now);
  },

  async answerEnquete(input, { db, member, now }) {
    return answerEnquete(db, member, input, now);
  },

  async getCityOSOptInURL(input, { db, config, services, member, request, now }) {
    return startCityOsOptIn(db, services.cityOs?.config ?? null, config, { member, sessionId: request.session!.row.id }, input.target, now);
  },

  async completeCityOSOptIn(input, { db, member, request, actor, now }) {
    return completeCityOSOptIn({ db, actor }, { member, sessionId: request.session!.row.id }, input, now);
  },

  // The associations' staff (mf-admin): the route layer has checked the role in input.associationId;
  // every lookup below is also bounded by that association.
  async listOperatorAnnouncements(input, { db, now }) {
    return announcementsAdmin.listOperatorAnnouncements(db, input, now);
  },

  async createOperatorAnnouncement(input, context) {
    return announcementsAdmin.createOperatorAnnouncement(context, input);
  },

  async updateOperatorAnnouncement(input, context) {
    return announcementsAdmin.updateOperatorAnnouncement(context, input);
  },

  async publishOperatorAnnouncement(input, context) {
    return announcementsAdmin.publishOperatorAnnouncement(context, input);
  },

  async listOperatorFaq(input, { db }) {
    return faqAdmin.listOperatorFaq(db, input.associationId);
  },

  async saveOperatorFaqCategory(input, context) {
    return faqAdmin.saveOperatorFaqCategory(context, input);
  },

  async saveOperatorFaqQuestion(input, context) {
    return faqAdmin.saveOperatorFaqQuestion(context, input);
  },

  async listOperatorDocuments(input, { db, now }) {
    return documentsAdmin.listOperatorDocuments(db, input.associationId, now);
  },

  async createOperatorDocumentVersion(input, context) {
    return documentsAdmin.createOperatorDocumentVersion(context, input);
  },

  async publishOperatorDocumentVersion(input, context) {
    return documentsAdmin.publishOperatorDocumentVersion(context, input);
  },

  async listOperatorEnquetes(input, { db, now }) {
    return enquetesAdmin.listOperatorEnquetes(db, input.associationId, now);
  },

  async createOperatorEnquete(input, context) {
    return enquetesAdmin.createOperatorEnquete(context, input);
  },

  async publishOperatorEnquete(input, context) {
    return enquetesAdmin.publishOperatorEnquete(context, input);
  },

  async closeOperatorEnquete(input, context) {
    return enquetesAdmin.closeOperatorEnquete(context, input);
  },

  async getOperatorEnqueteResults(input, context) {
    return enquetesAdmin.getOperatorEnqueteResults(context, input);
  },

  // Health articles and quizzes (decision 0030).
  async listArticles(input, { db, member, now }) {
    return articles.listArticles(db, member, input, now);
  },

  async listSavedArticles(input, { db, member, now }) {
    return articles.listSavedArticles(db, member, input, now);
  },

  async getArticle(input, { db, member, now }) {
    return articles.getArticle(db, member, input.articleId, now);
  },

  async saveArticle(input, { db, member, now }) {
    return articles.saveArticle(db, member, input, now);
  },

  async answerArticleQuiz(input, { db, member, now }) {
    return articles.answerArticleQuiz(db, member, input, now);
  },

  async getArticleRecommendations(_input, { db, member, request, now }) {
    return getArticleRecommendations(db, member, request.session!.row, now);
  },

  async listOperatorArticles(input, { db, now }) {
    return articlesAdmin.listOperatorArticles(db, input, now);
  },

  async createOperatorArticle(input, context) {
    return articlesAdmin.createOperatorArticle(context, input);
  },

  async updateOperatorArticle(input, context) {
    return articlesAdmin.updateOperatorArticle(context, input);
  },

  async publishOperatorArticle(input, context) {
    return articlesAdmin.publishOperatorArticle(context, input);
  },

  async setOperatorArticleImage(input, context) {
    return articlesAdmin.setOperatorArticleImage(context, input);
  },

  async removeOperatorArticleImage(input, context) {
    return articlesAdmin.removeOperatorArticleImage(context, input);
  },
} satisfies Partial<Handlers>;
