import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing';
import { Button, TextAreaField, TextField } from '../ui/primitives';
import type { FieldErrors } from './form-errors';
import { useFormValues } from './use-form-values';

function Form({ errors }: { errors: FieldErrors }) {
  const { values, field, reset } = useFormValues(() => ({ title: '初期値', body: '', prize: '' }));
  return (
    <form>
      <TextField {...field('title', errors)} label="タイトル" />
      <TextAreaField {...field('body', errors)} label="本文" optional />
      <TextField {...field('prize', errors, 'prizes.0.name')} label="賞品名" />
      <output aria-label="入力内容">{JSON.stringify(values)}</output>
      <Button onClick={reset}>やり直す</Button>
    </form>
  );
}

test('binds each field to its value, its name and its error, and starts over on reset', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Form errors={{ body: '本文を入力してください', 'prizes.0.name': '賞品名を入力してください' }} />);
  const title = screen.getByRole('textbox', { name: 'タイトル' });
  expect(title).toHaveValue('初期値');
  expect(title).toHaveAttribute('name', 'title');
  expect(title).not.toHaveAttribute('aria-invalid');

  const body = screen.getByRole('textbox', { name: /本文/ });
  expect(body).toHaveAttribute('aria-invalid', 'true');
  expect(body).toHaveAccessibleDescription('本文を入力してください');
  // An error the contract names under another key reaches the field it belongs to.
  expect(screen.getByRole('textbox', { name: '賞品名' })).toHaveAccessibleDescription('賞品名を入力してください');

  await user.type(body, '会員へのお知らせ');
  await user.clear(title);
  await user.type(title, '新しい');
  expect(screen.getByLabelText('入力内容')).toHaveTextContent('{"title":"新しい","body":"会員へのお知らせ","prize":""}');

  await user.click(screen.getByRole('button', { name: 'やり直す' }));
  expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveValue('初期値');
  expect(screen.getByRole('textbox', { name: /本文/ })).toHaveValue('');
});
