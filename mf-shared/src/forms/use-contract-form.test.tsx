import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { z } from 'zod';
import { AppError } from '../api/app-error';
import { deferred, renderWithProviders } from '../testing';
import { Button, FormError, TextField } from '../ui/primitives';
import { FieldList, useFieldValues, type FieldSpec } from './FieldList';
import { useContractForm } from './use-contract-form';

// A schema like a contract call's input: the messages are what the member reads.
const schema = z.object({
  nickname: z.string().min(1, 'ニックネームを入力してください'),
  systolic: z.coerce.number({ message: '最高血圧を入力してください' }).int().min(60, '最高血圧は60以上で入力してください'),
});

const fields = [
  { name: 'nickname', label: 'ニックネーム' },
  { name: 'systolic', label: '最高血圧', unit: 'mmHg', type: 'number', inputMode: 'numeric' },
] as const satisfies readonly FieldSpec[];

const badRequest = (fieldMessages: Record<string, string[]>) =>
  new AppError({
    message: 'Request failed with status code 400',
    statusCode: 400,
    responseMessage: { code: 'invalid_parameters', message: '入力内容を確認してください。', fields: fieldMessages },
  });

function TestForm({ submit, onSaved }: { submit: (data: z.output<typeof schema>) => Promise<unknown>; onSaved?: () => void }) {
  const [values, setValue] = useFieldValues(fields);
  const [note, setNote] = useState('');
  const form = useContractForm({ schema, submit, onSuccess: onSaved });
  return (
    <form {...form.formProps(() => ({ ...values, systolic: values.systolic || undefined }))} aria-label="テスト">
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      <TextField label="メモ" name="note" value={note} onChange={(event) => setNote(event.target.value)} />
      <FieldList fields={fields} values={values} errors={form.errors} onChange={setValue} />
      <Button type="submit" busy={form.isPending}>
        {form.isPending ? '保存しています…' : '保存する'}
      </Button>
    </form>
  );
}

describe('useContractForm', () => {
  it('checks the values with the schema before sending: messages at their fields, nothing sent, focus on the first invalid field', async () => {
    const user = userEvent.setup();
    const submit = jest.fn(() => Promise.resolve({}));
    renderWithProviders(<TestForm submit={submit} />);
    await user.type(screen.getByLabelText('最高血圧（mmHg）'), '50');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(submit).not.toHaveBeenCalled();
    const nickname = screen.getByLabelText('ニックネーム');
    expect(nickname).toHaveAttribute('aria-invalid', 'true');
    expect(nickname).toHaveAccessibleDescription('ニックネームを入力してください');
    expect(screen.getByLabelText('最高血圧（mmHg）')).toHaveAccessibleDescription('最高血圧は60以上で入力してください');
    // The first invalid field in the page's order, not the field the member last touched.
    expect(nickname).toHaveFocus();
    expect(screen.getByLabelText('メモ')).not.toHaveAttribute('aria-invalid');
  });

  it("maps the bff's 400 fields onto the fields and focuses the first of them; nothing is said above the form", async () => {
    const user = userEvent.setup();
    const submit = jest.fn(() => Promise.reject(badRequest({ systolic: ['最高血圧の値を確認してください'] })));
    renderWithProviders(<TestForm submit={submit} />);
    await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
    await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(submit).toHaveBeenCalledWith({ nickname: 'すこやか', systolic: 128 });
    const systolic = screen.getByLabelText('最高血圧（mmHg）');
    await waitFor(() => expect(systolic).toHaveAccessibleDescription('最高血圧の値を確認してください'));
    expect(systolic).toHaveFocus();
    expect(screen.getByLabelText('ニックネーム')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('入力内容を確認してください。')).not.toBeInTheDocument();
  });

  it('shows any other failure above the form (the bff message), and no field is marked', async () => {
    const user = userEvent.setup();
    const failure = new AppError({
      message: 'Request failed with status code 409',
      statusCode: 409,
      responseMessage: { code: 'conflict', message: 'すでに変更されています。' },
    });
    renderWithProviders(<TestForm submit={() => Promise.reject(failure)} />);
    await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
    await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('すでに変更されています。');
    expect(screen.getByLabelText('ニックネーム')).not.toHaveAttribute('aria-invalid');
  });

  it('is pending while the call runs, then calls onSuccess', async () => {
    const user = userEvent.setup();
    const call = deferred<unknown>();
    const onSaved = jest.fn();
    renderWithProviders(<TestForm submit={() => call.promise} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
    await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const button = await screen.findByRole('button', { name: '保存しています…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    call.resolve({});
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('clears the earlier messages when the values pass on the next try', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TestForm submit={() => Promise.resolve({})} />);
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(screen.getByLabelText('ニックネーム')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
    await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(screen.getByLabelText('ニックネーム')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('最高血圧（mmHg）')).not.toHaveAttribute('aria-invalid');
  });

  describe('with loadSchema (a page that loads the contract when the form is first used, issue 27)', () => {
    function LazyForm({
      loadSchema,
      submit,
      loadSchemaOn,
    }: {
      loadSchema: () => Promise<typeof schema>;
      submit: (data: z.output<typeof schema>) => Promise<unknown>;
      loadSchemaOn?: 'focus' | 'input';
    }) {
      const [values, setValue] = useFieldValues(fields);
      const form = useContractForm({ loadSchema, submit, ...(loadSchemaOn ? { loadSchemaOn } : {}) });
      return (
        <form {...form.formProps(() => ({ ...values, systolic: values.systolic || undefined }))} aria-label="テスト">
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <FieldList fields={fields} values={values} errors={form.errors} onChange={setValue} />
          <Button type="submit">{form.isPending ? '送信中…' : '保存する'}</Button>
        </form>
      );
    }

    it('loads the schema on the first focus inside the form, once, and checks the values with it before sending', async () => {
      const user = userEvent.setup();
      const loadSchema = jest.fn(() => Promise.resolve(schema));
      const submit = jest.fn(() => Promise.resolve({}));
      renderWithProviders(<LazyForm loadSchema={loadSchema} submit={submit} />);
      expect(loadSchema).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText('最高血圧（mmHg）'), '50');
      expect(loadSchema).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('button', { name: '保存する' }));
      await waitFor(() => expect(screen.getByLabelText('ニックネーム')).toHaveAccessibleDescription('ニックネームを入力してください'));
      expect(submit).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
      await user.clear(screen.getByLabelText('最高血圧（mmHg）'));
      await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
      await user.click(screen.getByRole('button', { name: '保存する' }));
      await waitFor(() => expect(submit).toHaveBeenCalledWith({ nickname: 'すこやか', systolic: 128 }));
      expect(loadSchema).toHaveBeenCalledTimes(1);
    });

    it("with loadSchemaOn 'input', a focus alone loads nothing (a field focused as the page opens); the first change does, once", async () => {
      const user = userEvent.setup();
      const loadSchema = jest.fn(() => Promise.resolve(schema));
      const submit = jest.fn(() => Promise.resolve({}));
      renderWithProviders(<LazyForm loadSchema={loadSchema} submit={submit} loadSchemaOn="input" />);
      screen.getByLabelText('ニックネーム').focus();
      await user.tab();
      expect(loadSchema).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
      expect(loadSchema).toHaveBeenCalledTimes(1);
      await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
      await user.click(screen.getByRole('button', { name: '保存する' }));
      await waitFor(() => expect(submit).toHaveBeenCalledWith({ nickname: 'すこやか', systolic: 128 }));
      expect(loadSchema).toHaveBeenCalledTimes(1);
    });

    it('waits for a schema still loading when the form is sent, and sends nothing before it has checked', async () => {
      const user = userEvent.setup();
      const loading = deferred<typeof schema>();
      const submit = jest.fn(() => Promise.resolve({}));
      renderWithProviders(<LazyForm loadSchema={() => loading.promise} submit={submit} />);
      await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
      await user.type(screen.getByLabelText('最高血圧（mmHg）'), '50');
      await user.click(screen.getByRole('button', { name: '保存する' }));
      expect(submit).not.toHaveBeenCalled();

      loading.resolve(schema);
      await waitFor(() =>
        expect(screen.getByLabelText('最高血圧（mmHg）')).toHaveAccessibleDescription('最高血圧は60以上で入力してください'),
      );
      expect(submit).not.toHaveBeenCalled();
    });

    it('sends once, the latest values, when the button is pressed again while the schema loads; pending meanwhile', async () => {
      const user = userEvent.setup();
      const loading = deferred<typeof schema>();
      const submit = jest.fn(() => Promise.resolve({}));
      renderWithProviders(<LazyForm loadSchema={() => loading.promise} submit={submit} />);
      await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
      await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
      await user.click(screen.getByRole('button', { name: '保存する' }));
      expect(screen.getByRole('button', { name: '送信中…' })).toBeInTheDocument();
      await user.type(screen.getByLabelText('ニックネーム'), 'さん');
      await user.click(screen.getByRole('button', { name: '送信中…' }));

      loading.resolve(schema);
      await waitFor(() => expect(submit).toHaveBeenCalledWith({ nickname: 'すこやかさん', systolic: 128 }));
      expect(submit).toHaveBeenCalledTimes(1);
    });

    it('says so above the form when the schema cannot be loaded, and loads it again on the next try', async () => {
      const user = userEvent.setup();
      const loadSchema = jest.fn<Promise<typeof schema>, []>(() => Promise.reject(new Error('Unable to load @sukoyaka/contract/account')));
      const submit = jest.fn(() => Promise.resolve({}));
      renderWithProviders(<LazyForm loadSchema={loadSchema} submit={submit} />);
      await user.type(screen.getByLabelText('ニックネーム'), 'すこやか');
      await user.type(screen.getByLabelText('最高血圧（mmHg）'), '128');
      await user.click(screen.getByRole('button', { name: '保存する' }));
      expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
      expect(submit).not.toHaveBeenCalled();

      loadSchema.mockImplementation(() => Promise.resolve(schema));
      await user.click(screen.getByRole('button', { name: '保存する' }));
      await waitFor(() => expect(submit).toHaveBeenCalledWith({ nickname: 'すこやか', systolic: 128 }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
