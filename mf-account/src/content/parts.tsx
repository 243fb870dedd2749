// The announcement's parts live in mf-shared (widgets/announcement-view.tsx): mf-admin previews an
// announcement with the very rendering members read. The content pages import them from here.
export { BodyText } from '@sukoyaka/shared/widgets';
export { Badge } from '@sukoyaka/shared';
