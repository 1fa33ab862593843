import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it, vi } from 'vitest';
import { fields, templates, widgets } from '../../src/client/forms/rjsf-theme';

// The wizard's text, number and long-text fields (PlainInput, in plain elements instead of MUI's
// TextField): what they say to a screen reader and what they give RJSF, as MUI's did.

const schema: RJSFSchema = {
  type: 'object',
  required: ['name', 'area'],
  properties: {
    name: { type: 'string', title: 'Name', maxLength: 20 },
    area: { type: 'number', title: 'Area (m²)', minimum: 1 },
    notes: { type: 'string', title: 'Notes' },
    locked: { type: 'string', title: 'From the registry' },
    hint: { type: 'string', title: 'Hinted', examples: ['Mjini', 'Magharibi'] },
  },
};
const uiSchema: UiSchema = {
  notes: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
  locked: { 'ui:readonly': true },
  name: { 'ui:help': 'As on your ID.' },
};

/** A form with the wizard's templates and widgets, set as the wizard's StepForm sets RJSF. */
function renderForm(
  formData: Record<string, unknown> = {},
  form: { schema: RJSFSchema; uiSchema?: UiSchema } = { schema, uiSchema },
) {
  const onChange = vi.fn();
  const onSubmit = vi.fn();
  render(
    <Form
      schema={form.schema}
      uiSchema={form.uiSchema}
      formData={formData}
      validator={customizeValidator()}
      templates={templates}
      fields={fields}
      widgets={widgets}
      onChange={onChange}
      onSubmit={onSubmit}
      onError={() => undefined}
      // As StepForm: a const is never a default.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      noHtml5Validate
      showErrorList={false}
    />,
  );
  return { onChange, onSubmit, user: userEvent.setup() };
}

/** A field RJSF has errors for: invalid, described by its errors, and its frame (label) red. */
function expectShownInError(field: HTMLElement, errorsId: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.getAttribute('aria-describedby')).toContain(errorsId);
  expect(field.closest('.k-input-field')).toHaveClass('k-input-field--error');
}

describe('PlainInput', () => {
  it('names each field by its label (the asterisk hidden), required fields required, help described', () => {
    renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.tagName).toBe('INPUT');
    expect(name).toBeRequired();
    expect(name.getAttribute('aria-describedby')).toContain('root_name__help');
    expect(document.getElementById('root_name__help')).toHaveTextContent('As on your ID.');
    expect(screen.getByRole('spinbutton', { name: 'Area (m²)' })).toHaveAttribute('min', '1');
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '3');
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toBeRequired();
    // Read-only answers are disabled fields, as MUI's were.
    expect(screen.getByRole('textbox', { name: 'From the registry' })).toBeDisabled();
    // Examples are offered as a list the browser suggests.
    const hinted = screen.getByRole('combobox', { name: 'Hinted' });
    expect(hinted).toHaveAttribute('list', 'root_hint__examples');
  });

  it('gives RJSF what is typed (a number as a number, an emptied field as undefined)', async () => {
    const { onChange, onSubmit, user } = renderForm({ notes: 'x' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.type(screen.getByRole('spinbutton', { name: 'Area (m²)' }), '42.5');
    await user.clear(screen.getByRole('textbox', { name: 'Notes' }));
    await user.tab();
    expect(onChange.mock.lastCall?.[0].formData).toEqual({ name: 'Asha', area: 42.5, notes: undefined });

    await user.click(screen.getByRole('button', { name: /submit/i }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows each key at once and tells RJSF once typing pauses, as the field is left, or as Enter submits', async () => {
    const { onChange, onSubmit, user } = renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    // The names RJSF was told, each time it changed.
    const told = () =>
      onChange.mock.calls
        .map(([event]) => (event as { formData: { name?: string } }).formData.name)
        .filter((n, i, all) => n !== undefined && n !== all[i - 1]);
    await user.type(name, 'Asha');
    expect(name).toHaveValue('Asha');
    expect(told()).not.toContain('Asha');
    await waitFor(() => expect(told()).toContain('Asha'));
    // Once, not once a key.
    expect(told()).toEqual(['Asha']);

    await user.type(name, ' Said');
    await user.tab();
    expect(told().at(-1)).toBe('Asha Said');

    const area = screen.getByRole('spinbutton', { name: 'Area (m²)' });
    await user.type(area, '7{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.lastCall?.[0].formData).toEqual({ name: 'Asha Said', area: 7 });
    expect(told()).toEqual(['Asha', 'Asha Said']);
  });

  it('tells RJSF what was typed as soon as anything is pressed, though the field keeps the focus (a tap on iOS)', async () => {
    const { onChange, user } = renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Juma');
    const told = () => onChange.mock.lastCall?.[0].formData.name as string | undefined;
    expect(told()).toBeUndefined();
    fireEvent.pointerDown(screen.getByRole('button', { name: /submit/i }));
    expect(name).toHaveFocus();
    expect(told()).toBe('Juma');
  });

  it('marks a field with errors invalid, describes it by them, and says so on its label', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: /submit/i }));
    expect(onSubmit).not.toHaveBeenCalled();

    expectShownInError(screen.getByRole('textbox', { name: 'Name' }), 'root_name__error');
    expect(document.getElementById('root_name__error')).toHaveTextContent(/required/i);
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toHaveAttribute('aria-invalid');
  });
});

// The wizard's drop-down lists (PlainSelect, the browser's own <select> instead of MUI's menu).
describe('PlainSelect', () => {
  const listSchema: RJSFSchema = {
    type: 'object',
    required: ['room'],
    properties: {
      room: {
        type: 'integer',
        title: 'Room',
        oneOf: [
          { const: 1, title: 'Bedroom' },
          { const: 2, title: 'Kitchen' },
        ],
      },
      roof: { type: 'string', title: 'Roof', enum: ['iron', 'tiles'], default: 'iron' },
    },
  };

  const renderList = (formData: Record<string, unknown> = {}) => renderForm(formData, { schema: listSchema });

  it('is a <select> named by its label, with a named empty first choice unless the schema has a default', () => {
    renderList();
    const room = screen.getByRole('combobox', { name: 'Room' });
    expect(room.tagName).toBe('SELECT');
    expect(room).toBeRequired();
    const choices = within(room).getAllByRole('option');
    expect(choices.map((o) => o.textContent)).toEqual(['Choose…', 'Bedroom', 'Kitchen']);
    expect((room as HTMLSelectElement).value).toBe('');
    const roof = screen.getByRole('combobox', { name: 'Roof' });
    expect(
      within(roof)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['iron', 'tiles']);
    expect(roof).toHaveDisplayValue('iron');
  });

  it('gives RJSF the choice as its schema types it (a number as a number), the empty choice as none', async () => {
    const { onChange, user } = renderList();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), 'Kitchen');
    expect(onChange.mock.lastCall?.[0].formData).toEqual({ room: 2, roof: 'iron' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), 'Choose…');
    expect(onChange.mock.lastCall?.[0].formData.room).toBeUndefined();
  });

  it('shows a saved choice', () => {
    renderList({ room: 1 });
    expect(screen.getByRole('combobox', { name: 'Room' })).toHaveDisplayValue('Bedroom');
  });

  it('shows a missing choice as an error on the list', async () => {
    const { onSubmit, user } = renderList();
    await user.click(screen.getByRole('button', { name: /submit/i }));
    expect(onSubmit).not.toHaveBeenCalled();
    expectShownInError(screen.getByRole('combobox', { name: 'Room' }), 'root_room__error');
  });
});
