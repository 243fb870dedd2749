import { AppError } from '../api/app-error';
import { formLevelError } from './form-errors';

const badRequest = (body: unknown) =>
  new AppError({ message: 'Request failed with status code 400', statusCode: 400, responseMessage: body });

describe('formLevelError: what a form shows above its fields', () => {
  it('nothing for no error, and nothing for a 400 whose messages name fields (they show at the fields)', () => {
    expect(formLevelError(null)).toBeNull();
    expect(formLevelError(badRequest({ code: 'invalid_parameters', message: 'x', fields: { email: ['x'] } }))).toBeNull();
  });

  it('a 400 without field messages, or only a whole-request one, shows above the form', () => {
    const plain = badRequest({ code: 'invalid_parameters', message: 'リクエストの形式が正しくありません。' });
    expect(formLevelError(plain)).toBe(plain);
    const whole = badRequest({ code: 'invalid_parameters', message: 'x', fields: { _: ['x'] } });
    expect(formLevelError(whole)).toBe(whole);
  });

  it('any other failure shows above the form, as an AppError', () => {
    const unauthorised = new AppError({ message: 'x', statusCode: 401 });
    expect(formLevelError(unauthorised)).toBe(unauthorised);
    expect(formLevelError(new Error('boom'))).toBeInstanceOf(AppError);
  });
});
