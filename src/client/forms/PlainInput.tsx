import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { SchemaExamples } from '@rjsf/core';
import { ariaDescribedByIds, examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';

/**
 * The wizard's text, number and long-text fields (RJSF's BaseInputTemplate, which its text, email, number
 * and textarea widgets render): a label above an outlined `<input>` or `<textarea>` in plain elements
 * (step-form.css), as on the engineers page, where @rjsf/mui renders a MUI TextField. A step has up to ~30
 * of them: MUI's TextField (form control, label, notched outline, each styled by emotion) made opening a
 * step and every key typed slow on a cheap phone. What the field says to a screen reader is MUI's: the
 * label names it (its asterisk hidden, the field itself `required`), `aria-invalid` with errors, and
 * `aria-describedby` its help, errors and examples.
 *
 * What is typed shows at once, and RJSF hears of it once typing pauses (TYPING_SETTLE_MS), as the field
 * is left, or as Enter submits the form: each change RJSF hears makes it work out the whole form again
 * (defaults, then every field compared and rendered), 10–20 ms a key on a cheap phone on the largest
 * step, where the key itself needs a fraction of a millisecond. A press anywhere on the page, or leaving
 * the field (Tab), always comes first, so a save or a page's own check never misses what was typed.
 */
export function PlainInput(props: BaseInputTemplateProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, label, hideLabel, value, autofocus } = props;
  const { onChange, onChangeOverride, onBlur, onFocus, options, schema, rawErrors = [] } = props;
  const multiline = (props as { multiline?: boolean }).multiline === true;
  const rows = (props as { rows?: number | string }).rows;
  const { step, min, max, accept, autoCapitalize, ...input } = getInputProps(schema, type, options);
  const text = labelValue(label || undefined, hideLabel, undefined);
  const typing = useTyping((typed) => onChange(typed === '' ? options.emptyValue : typed));
  const shared = {
    id,
    name: htmlName || id,
    className: 'k-input',
    placeholder,
    required,
    // As MUI's: a read-only answer (the registry's names) is a disabled field.
    disabled: disabled || readonly,
    autoFocus: autofocus,
    value: typing.text ?? (value || value === 0 ? value : ''),
    'aria-invalid': rawErrors.length > 0 || undefined,
    'aria-describedby': ariaDescribedByIds(id, !!schema.examples),
    onBlur: ({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      typing.tell();
      onBlur(id, target.value);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === 'Enter') typing.tell();
    },
    onFocus: ({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, target.value),
    // RJSF's override is typed for an <input>; it reads only the target's value, as a <textarea> has.
    onChange:
      (onChangeOverride as ((event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void) | undefined) ??
      typing.change,
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

/** How long typing pauses before RJSF hears what was typed into a field. */
const TYPING_SETTLE_MS = 250;

/**
 * A field's text as typed, told (`tell`) once typing pauses, or at once when asked. `text` is what was
 * typed and not yet told, shown instead of the form's value; undefined once told. A press anywhere on
 * the page tells it too, before the press becomes a click: a phone may tap a button (Save, Send code)
 * without taking the focus from the field (iOS), so no blur would tell it.
 */
function useTyping(told: (text: string) => void) {
  const [text, setText] = useState<string | undefined>(undefined);
  const toldRef = useRef(told);
  useEffect(() => {
    toldRef.current = told;
  });
  const [typing] = useState(() => {
    let pending: { text: string; timer: ReturnType<typeof setTimeout> } | undefined;
    const stop = () => {
      clearTimeout(pending?.timer);
      document.removeEventListener('pointerdown', tell, true);
      pending = undefined;
    };
    function tell() {
      const typed = pending;
      if (!typed) return;
      stop();
      setText(undefined);
      toldRef.current(typed.text);
    }
    const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (pending) clearTimeout(pending.timer);
      else document.addEventListener('pointerdown', tell, true);
      pending = { text: event.target.value, timer: setTimeout(tell, TYPING_SETTLE_MS) };
      setText(event.target.value);
    };
    return { tell, change, stop };
  });
  useEffect(() => typing.stop, [typing]);
  return { text, tell: typing.tell, change: typing.change };
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
