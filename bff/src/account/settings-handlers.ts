import type { Handlers } from '../platform/handlers';
import { leaveService, leaveServiceSummary } from './leave';
import { finishOnboarding, navigationInfo } from './navigation';
import { getNotificationSettings, unsubscribeNotification, updateNotificationSettings, updateProfile } from './settings';

export const settingsHandlers = {
  async getNavigationInfo(_input, { db, member, now }) {
    return navigationInfo(db, member, now);
  },

  async finishOnboarding(input, { actor, db, member, now }) {
    return finishOnboarding(db, actor, member, input.skipped, now);
  },

  async getNotificationSettings(_input, { db, member }) {
    return { settings: await getNotificationSettings(db, member.id) };
  },

  async updateNotificationSettings(input, { actor, db, member, now }) {
    return { settings: await updateNotificationSettings(db, actor, member, input.settings, now) };
  },

  async unsubscribeNotification(input, { actor, db, now }) {
    return unsubscribeNotification(db, actor, input.token, now);
  },

  async updateProfile(input, { actor, db, member, now }) {
    return updateProfile(db, actor, member, input.nickname, now, input.height);
  },

  getLeaveServiceSummary: (_input, context) => leaveServiceSummary(context),
  leaveService: (_input, context) => leaveService(context),
} satisfies Partial<Handlers>;
