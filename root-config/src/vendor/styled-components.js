export * from 'styled-components';
export { default } from 'styled-components';
