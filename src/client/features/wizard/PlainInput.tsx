import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { SchemaExamples } from '@rjsf/core';
import { ariaDescribedByIds, examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';

/**
 * The wizard's text, number and long-text fields (RJSF's BaseInputTemplate, which its text, email, number
 * and textarea widgets render): a label above an outlined `<input>` or `<textarea>` in plain elements
 * (wizard.css), as on the engineers page, where @rjsf/mui renders a MUI TextField. A step has up to ~30
 * of them: MUI's TextField (form control, label, notched outline, each styled by emotion) made opening a
 * step and every key typed slow on a cheap phone. What the field says to a screen reader is MUI's: the
 * label names it (its asterisk hidden, the field itself `required`), `aria-invalid` with errors, and
 * `aria-describedby` its help, errors and examples.
 */
export function PlainInput(props: BaseInputTemplateProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, label, hideLabel, value, autofocus } = props;
  const { onChange, onChangeOverride, onBlur, onFocus, options, schema, rawErrors = [] } = props;
  const multiline = (props as { multiline?: boolean }).multiline === true;
  const rows = (props as { rows?: number | string }).rows;
  const { step, min, max, accept, autoCapitalize, ...input } = getInputProps(schema, type, options);
  const text = labelValue(label || undefined, hideLabel, undefined);
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange(event.target.value === '' ? options.emptyValue : event.target.value);
  const shared = {
    id,
    name: htmlName || id,
    className: 'k-input',
    placeholder,
    required,
    // As MUI's: a read-only answer (the registry's names) is a disabled field.
    disabled: disabled || readonly,
    autoFocus: autofocus,
    value: value || value === 0 ? value : '',
    'aria-invalid': rawErrors.length > 0 || undefined,
    'aria-describedby': ariaDescribedByIds(id, !!schema.examples),
    onBlur: ({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, target.value),
    onFocus: ({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, target.value),
    // RJSF's override is typed for an <input>; it reads only the target's value, as a <textarea> has.
    onChange:
      (onChangeOverride as ((event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void) | undefined) ??
      change,
  };
  return (
    <PlainField id={id} label={text} required={required} invalid={rawErrors.length > 0}>
      {multiline ? (
        <textarea {...shared} rows={typeof rows === 'string' ? Number(rows) : rows} />
      ) : (
        <input
          {...shared}
          {...input}
          step={step}
          min={min}
          max={max}
          accept={accept}
          autoCapitalize={autoCapitalize}
          list={schema.examples ? examplesId(id) : undefined}
        />
      )}
      <SchemaExamples id={id} schema={schema} />
    </PlainField>
  );
}

/** A plain field's frame: its label above (the asterisk hidden from screen readers), red with errors. */
export function PlainField(props: {
  id: string;
  label: string | undefined;
  required: boolean | undefined;
  invalid: boolean;
  children: ReactNode;
}) {
  const { id, label, required, invalid, children } = props;
  return (
    <div className={invalid ? 'k-input-field k-input-field--error' : 'k-input-field'}>
      {label && (
        <label htmlFor={id}>
          {label}
          {required && (
            <span aria-hidden="true" className="k-input-field__required">
              {' *'}
            </span>
          )}
        </label>
      )}
      {children}
    </div>
  );
}
