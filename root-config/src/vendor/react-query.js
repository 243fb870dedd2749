export * from '@tanstack/react-query';
