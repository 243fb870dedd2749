// @sukoyaka/shared/widgets — the shared parts only some pages use, as a second SystemJS module: it
// loads with the pages that import it (every area names it among its lazy shared modules, and the
// server preloads it for those pages), so /login and /vitals do not carry it. Its files import the
// main module by its name, @sukoyaka/shared, never by relative path: one copy of each part
// (docs/decisions/0018-shared-widgets-module.md).
export { ArticleBlocks } from './article-body';
export { AnnouncementView, BodyText, type AnnouncementViewProps } from './announcement-view';
export { DATE_PICKER_FORMAT, DATE_PICKER_TEXT, DatePicker, formatPickerDate, isSelectableDate, type DatePickerProps } from './DatePicker';
export {
  Checkbox,
  RadioGroup,
  Select,
  Tabs,
  type CheckboxProps,
  type RadioGroupProps,
  type RadioOption,
  type SelectOption,
  type SelectProps,
  type TabItem,
  type TabsProps,
} from './form-controls';
export { GiftPicture, type GiftPictureProps, type StoredPicture } from './GiftPicture';
export { fileBlob, saveFile, type DownloadFile } from './save-file';
