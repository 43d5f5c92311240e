// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../features/service-tokens/dom-test-setup';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { textSchema } from '../../../src/contract/validation';
import { ApiError } from '../../../src/lib/api-client';
import { CheckboxField } from '../../../src/ui/form/checkbox-field';
import { SwitchField } from '../../../src/ui/form/switch-field';
import { FormError } from '../../../src/ui/form/form-error';
import { NumberField } from '../../../src/ui/form/number-field';
import { SelectField } from '../../../src/ui/form/select-field';
import { TextField } from '../../../src/ui/form/text-field';
import { useZodForm } from '../../../src/ui/form/use-zod-form';

afterEach(cleanup);

/** The same schema the server would check the request with. */
const CreateUserBody = z.object({
  username: textSchema(50, 'Username').min(1, 'Username is required'),
  role: z.enum(['admin', 'operator'], { error: 'Choose a role' }),
  max_content: z
    .number({ error: 'Max content must be a number' })
    .int()
    .min(1, 'Max content is 1 to 50')
    .max(50, 'Max content is 1 to 50'),
  is_batch_moderator: z.boolean(),
  active: z.boolean(),
});

function UserForm({ onSubmit }: { onSubmit: (body: z.output<typeof CreateUserBody>) => unknown }) {
  const form = useZodForm(CreateUserBody, {
    username: '',
    role: '' as never,
    max_content: 6,
    is_batch_moderator: false,
    active: true,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField label="Username" required {...form.field('username')} />
      <SelectField
        label="Role"
        placeholder="Choose"
        options={[
          { value: 'admin', label: 'Admin' },
          { value: 'operator', label: 'Operator' },
        ]}
        {...form.field('role')}
      />
      <NumberField label="Max content" {...form.field('max_content')} />
      <CheckboxField label="Batch moderation" {...form.field('is_batch_moderator')} />
      <SwitchField label="Active" {...form.field('active')} />
      <FormError message={form.formError} />
      <button type="submit">Create</button>
    </form>
  );
}

describe('useZodForm and the fields', { timeout: 20_000 }, () => {
  it('shows nothing before the user acts, every message on submit, and focuses the first', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<UserForm onSubmit={onSubmit} />);
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const username = screen.getByRole('textbox', { name: /Username/ });
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
      'Choose a role',
    );
    // After a submit the messages follow every change.
    await user.type(username, 'ann');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('checks a field once it was left', async () => {
    const user = userEvent.setup();
    render(<UserForm onSubmit={vi.fn()} />);
    const max = screen.getByRole('spinbutton', { name: 'Max content' });
    await user.clear(max);
    await user.type(max, '51');
    expect(screen.queryByText('Max content is 1 to 50')).not.toBeInTheDocument();
    await user.tab();
    expect(max).toHaveAccessibleDescription('Max content is 1 to 50');
  });

  it('submits the parsed values', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<UserForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ann');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Operator');
    await user.click(screen.getByRole('checkbox', { name: 'Batch moderation' }));
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'ann',
      role: 'operator',
      max_content: 6,
      is_batch_moderator: true,
      active: false,
    });
  });

  it("shows a 422's fields beside the same fields until they change, and others for the form", async () => {
    const user = userEvent.setup();
    render(
      <UserForm
        onSubmit={() => {
          throw new ApiError(422, 'Invalid request', {
            username: 'Username is taken',
            team: 'Teams are full',
          });
        }}
      />,
    );
    const username = screen.getByRole('textbox', { name: /Username/ });
    await user.type(username, 'ann');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription('Username is taken'));
    expect(screen.getByRole('alert')).toHaveTextContent('Teams are full');
    await user.type(username, 'e');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('shows a failure without fields (a 409) as the form message', async () => {
    const user = userEvent.setup();
    render(
      <UserForm
        onSubmit={async () => {
          throw new ApiError(409, 'A user named ann exists already');
        }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ann');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user named ann exists already');
  });
});

describe('useZodForm.setFields', () => {
  function PairForm() {
    const form = useZodForm(z.object({ a: z.string(), b: z.string() }), { a: '', b: '' });
    return (
      <>
        <button type="button" onClick={() => form.setFields({ a: 'one', b: 'two' })}>
          both
        </button>
        <output>{`${form.values.a}/${form.values.b}`}</output>
      </>
    );
  }

  it('sets several fields in one update, none undoing another', async () => {
    render(<PairForm />);
    await userEvent.click(screen.getByRole('button', { name: 'both' }));
    expect(screen.getByRole('status').textContent).toBe('one/two');
  });
});

describe('useZodForm.subField', () => {
  const MessageBody = z.object({
    title: z.string().min(1, 'Title is required'),
    mail: z
      .object({
        sender: z.string().min(1, 'Sender is required'),
        links: z.array(z.url('must be an address')),
      })
      .nullable(),
  });

  function MailForm({ onSubmit }: { onSubmit: (body: z.output<typeof MessageBody>) => unknown }) {
    const form = useZodForm(MessageBody, { title: 'hello', mail: { sender: '', links: [] } });
    const links = form.subField('mail', 'links');
    return (
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <TextField label="Title" {...form.field('title')} />
        <TextField
          label="Sender"
          {...form.subField('mail', 'sender')}
          value={form.values.mail?.sender ?? ''}
        />
        <TextField
          label="Links"
          {...links}
          value={(links.value ?? []).join(' ')}
          onChange={(text) => links.onChange(text.split(' ').filter(Boolean))}
        />
        <FormError message={form.formError} />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('shows a nested message beside its field, not as the form message, and focuses it', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<MailForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const sender = screen.getByRole('textbox', { name: 'Sender' });
    expect(sender).toHaveFocus();
    expect(sender).toHaveAccessibleDescription('Sender is required');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a list item's message beside the list's field and submits the nested values", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<MailForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Sender' }), 'ann');
    // Pasted whole: the test's field splits at spaces as it changes.
    await user.click(screen.getByRole('textbox', { name: 'Links' }));
    await user.paste('https://a.example nope');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const links = screen.getByRole('textbox', { name: 'Links' });
    expect(links).toHaveFocus();
    expect(links).toHaveAccessibleDescription('must be an address');
    await user.clear(links);
    await user.paste('https://a.example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        title: 'hello',
        mail: { sender: 'ann', links: ['https://a.example'] },
      }),
    );
  });
});
