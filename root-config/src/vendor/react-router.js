export * from 'react-router';
