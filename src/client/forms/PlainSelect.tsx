import { useMemo, type ChangeEvent, type FocusEvent } from 'react';
import { Widgets as MuiWidgets } from '@rjsf/mui';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  labelValue,
  SelectedOptionDescription,
  type WidgetProps,
} from '@rjsf/utils';
import { PlainField } from './PlainInput';
import { CHOOSE_OPTION } from './validation-messages';

const MuiSelectWidget = MuiWidgets.SelectWidget!;

/**
 * The wizard's drop-down lists (RJSF's SelectWidget): the phone's own `<select>` under a label, framed
 * as the text fields are (PlainInput, step-form.css), where @rjsf/mui renders a MUI TextField with a menu.
 * A phone opens its own picker, which every screen reader knows, and the step opens and takes keys
 * faster: a materials table has a list in every row. The values are RJSF's (as its own SelectWidget
 * encodes and decodes them); the empty first choice is there unless the schema has a default, named by
 * the field's placeholder or "Choose…" (a screen reader says an empty one as a blank). A list of several
 * choices (`multiple`) is RJSF's own (vite.config.ts swaps @rjsf/mui's out of the build).
 */
export function PlainSelect(props: WidgetProps) {
  return props.multiple ? <MuiSelectWidget {...props} /> : <SingleSelect {...props} />;
}

function SingleSelect(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, autofocus, placeholder, schema } = props;
  const { label, hideLabel, onChange, onBlur, onFocus, rawErrors = [], uiSchema, registry } = props;
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (chosen: string) => enumOptionValueDecoder(chosen, enumOptions, format, emptyValue);
  const empty = schema.default === undefined ? placeholder || registry.translateString(CHOOSE_OPTION) : undefined;
  const disabledKey = Array.isArray(enumDisabled) ? JSON.stringify(enumDisabled) : '';
  // The same elements while the list is the same (its schema and translated UI schema): RJSF renders every
  // field again on every key typed, and a materials table has a list of dozens of choices in each row.
  const choices = useMemo(
    () => (
      <>
        {empty !== undefined && <option value="">{empty}</option>}
        {enumOptions?.map(({ value: option, label: text }, i) => (
          <option
            key={String(option)}
            value={enumOptionValueEncoder(option, i, format)}
            disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option)}
          >
            {text}
          </option>
        ))}
      </>
    ),
    // enumOptions and enumDisabled are derived afresh at each render from the schema and UI schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema, uiSchema, format, empty, disabledKey],
  );
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '') as string;
  // What the box shows: the whole chosen answer (the phone's own list cut a long one), else the empty choice.
  const shown =
    enumOptions?.find((option, i) => enumOptionValueEncoder(option.value, i, format) === selected)?.label ?? empty;
  return (
    <PlainField
      id={id}
      label={labelValue(label || undefined, hideLabel, undefined)}
      required={required}
      invalid={rawErrors.length > 0}
    >
      <div className="k-select-box">
        <span className="k-input k-select-box__shown" aria-hidden="true">
          {shown}
        </span>
        <select
          id={id}
          name={htmlName || id}
          className="k-input k-select"
          value={selected}
          required={required}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          aria-invalid={rawErrors.length > 0 || undefined}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(decode(event.target.value))}
          onBlur={(event: FocusEvent<HTMLSelectElement>) => onBlur(id, decode(event.target.value))}
          onFocus={(event: FocusEvent<HTMLSelectElement>) => onFocus(id, decode(event.target.value))}
        >
          {choices}
        </select>
      </div>
      <SelectedOptionDescription {...props} />
    </PlainField>
  );
}
