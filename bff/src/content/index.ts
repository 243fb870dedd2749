// The content area's calls (contract/src/content) and its file downloads, for app.ts.
export { contentHandlers } from './handlers';
export { documentFilesRoute } from './files-route';
export { articleImagesRoute } from './article-images';
export { contentMemberRecords } from './member-records';
export { registerContentNotifications } from './notifications';
