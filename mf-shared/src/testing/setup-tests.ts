import '@testing-library/jest-dom';
// react-router needs TextEncoder at load time, which jest's jsdom does not provide.
import './polyfills';
