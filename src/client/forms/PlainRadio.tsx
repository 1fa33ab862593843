import type { FocusEvent } from 'react';
import FormLabel from '@mui/material/FormLabel';
import { useFormControl } from '@mui/material/FormControl';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  labelValue,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';

/** MUI's radio icons (RadioButtonUnchecked, RadioButtonChecked): the ring, and the dot shown when chosen. */
const RING =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';
const DOT =
  'M8.465 8.465C9.37 7.56 10.62 7 12 7C14.76 7 17 9.24 17 12C17 13.38 16.44 14.63 15.535 15.535C14.63 16.44 13.38 17 12 17C9.24 17 7 14.76 7 12C7 10.62 7.56 9.37 8.465 8.465Z';

/**
 * A radio group (RJSF's RadioWidget): the browser's own radio buttons, drawn as @rjsf/mui draws them
 * with MUI's Radio, RadioGroup and FormControlLabel (step-form.css, .k-radio*: the same sizes, colours,
 * focus ring and hover), without those components' code on the wizard's first step. The arrow keys move
 * between the choices of a group as the browser does for radios of one name. The group is named by its
 * question: MUI's label points at the group's div with `for`, which names only form controls, so a screen
 * reader said "Yes, radio button" without the question, and every yes/no pair of a step looked alike.
 * The field's frame (MUI's FormControl, around every field) hears the focus as it heard MUI's Radio:
 * its label turns the primary colour while a choice has the focus.
 */
export function PlainRadio(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, label, hideLabel } = props;
  const { onChange, onBlur, onFocus } = props;
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (chosen: string) => enumOptionValueDecoder(chosen, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '') as string;
  const frame = useFormControl();
  const name = htmlName || id;
  return (
    <>
      {labelValue(
        <FormLabel required={required} htmlFor={id}>
          {label || undefined}
        </FormLabel>,
        hideLabel,
      )}
      <div
        role="radiogroup"
        id={id}
        className={options.inline ? 'k-radios k-radios--row' : 'k-radios'}
        aria-label={hideLabel ? undefined : label || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, decode(event.target.value))}
        onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, decode(event.target.value))}
      >
        {enumOptions?.map((option, index) => {
          const encoded = enumOptionValueEncoder(option.value, index, format);
          const off = disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value));
          return (
            <label
              key={String(option.value)}
              className={off ? 'k-radio-label k-radio-label--disabled' : 'k-radio-label'}
            >
              <span className="k-radio">
                <input
                  type="radio"
                  id={optionId(id, index)}
                  name={name}
                  value={encoded}
                  checked={selected === encoded}
                  disabled={off}
                  onChange={(event) => onChange(decode(event.target.value))}
                  onFocus={frame?.onFocus}
                  onBlur={frame?.onBlur}
                />
                <span className="k-radio__icon">
                  <svg className="k-radio__ring" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                    <path d={RING} />
                  </svg>
                  <svg className="k-radio__dot" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                    <path d={DOT} />
                  </svg>
                </span>
              </span>
              <span className="k-radio-label__text">{option.label}</span>
            </label>
          );
        })}
      </div>
    </>
  );
}
