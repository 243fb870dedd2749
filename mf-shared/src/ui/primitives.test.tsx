import { renderWithProviders } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextField } from './primitives';

describe('TextField (spec §5: every form field shows its validation message with the field)', () => {
  it('spec §5: is labelled by its label, so the label names the input', () => {
    renderWithProviders(<TextField label="メールアドレス" type="email" />);

    const input = screen.getByLabelText('メールアドレス');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'メールアドレス' })).toBe(input);
  });

  it('spec §5: without an error it is not marked invalid and has no error text', () => {
    renderWithProviders(<TextField label="メールアドレス" />);

    const input = screen.getByLabelText('メールアドレス');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('spec §5: with an error it is aria-invalid and the error text is shown and read with the input', () => {
    renderWithProviders(<TextField label="メールアドレス" error="メールアドレスを入力してください" />);

    const input = screen.getByLabelText('メールアドレス');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('メールアドレスを入力してください');
    expect(input).toHaveAccessibleDescription('メールアドレスを入力してください');
  });

  it('spec §5: a hint is read with the input too, before the error', () => {
    renderWithProviders(<TextField label="パスワード" hint="8文字以上" error="パスワードを入力してください" />);

    expect(screen.getByLabelText('パスワード')).toHaveAccessibleDescription('8文字以上 パスワードを入力してください');
  });

  it('spec §5: an optional field says so in its label', () => {
    renderWithProviders(<TextField label="脈拍" optional />);

    expect(screen.getByLabelText('脈拍（任意）')).toBeInTheDocument();
  });

  it('spec §5: two fields get different ids, each label naming its own input', async () => {
    function Form() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextField label="最高血圧" value={value} onChange={(event) => setValue(event.target.value)} />
          <TextField label="最低血圧" />
        </>
      );
    }
    renderWithProviders(<Form />);

    await userEvent.type(screen.getByLabelText('最高血圧'), '120');

    expect(screen.getByLabelText('最高血圧')).toHaveValue('120');
    expect(screen.getByLabelText('最低血圧')).toHaveValue('');
    expect(screen.getByLabelText('最高血圧').id).not.toBe(screen.getByLabelText('最低血圧').id);
  });
});
