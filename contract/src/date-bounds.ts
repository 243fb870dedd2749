/** The earliest and latest day any date field accepts (birthdays, measured days, periods). */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
