export * from 'date-fns/locale/ja';
export { default } from 'date-fns/locale/ja';
