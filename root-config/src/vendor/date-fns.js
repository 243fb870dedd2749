export * from 'date-fns';
