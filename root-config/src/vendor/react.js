import * as React from 'react';
export * from 'react';
export default React;
