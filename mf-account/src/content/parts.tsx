// The announcement's parts live in mf-shared (widgets/announcement-view.tsx): mf-admin previews an
// announcement with the very rendering members read. The content pages import them from here.
export { Badge, BodyText } from '@sukoyaka/shared/widgets';
