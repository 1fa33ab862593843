import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../../shared/envelope';
import type { ApiFailure } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { showToast } from '../../../app/ui-slice';
import { TextFieldWithError } from '../../../components/TextFieldWithError';

export interface FieldSpec {
  /** The body's property, and the path (/name) the server's errors name. */
  name: string;
  label: string;
  help?: string;
  multiline?: boolean;
  required?: boolean;
  maxLength: number;
}

export interface FoldingFormProps {
  id: string;
  /**
   * Where its texts are: `${texts}.title` (its heading, given `titleValues`), `.intro`, `.open` (the
   * button that shows the form), and the keys of its send button and success toast below.
   */
  texts: string;
  titleValues?: Record<string, string>;
  /** Under `texts`: the send button's text and the success toast's. */
  submitKey: string;
  successKey: string;
  fields: FieldSpec[];
  /** Sends the values (trimmed; empty optional ones left out); throws the base query's failure. */
  send: (values: Record<string, string>) => Promise<unknown>;
  /** Shown between the intro and the form (the conversation above the message form). */
  before?: React.ReactNode;
  /** Asked after the fields are checked and before sending: false sends nothing (a confirm dialog). */
  confirm?: (values: Record<string, string>) => Promise<boolean>;
}

/**
 * A form behind a button (spec: renewal and message forms, each with its send button and Cancel):
 * focus goes to its first field when it opens and back to the button when it closes; errors are
 * shown at their fields (the server's 422 paths included) and the first one is focused.
 */
export function FoldingForm(props: FoldingFormProps) {
  const { id, fields } = props;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [busy, setBusy] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const wasOpen = useRef(false);

  const firstField = fields[0]?.name;
  useEffect(() => {
    if (open && firstField) inputs.current.get(firstField)?.focus();
    else if (!open && wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open, firstField]);

  const close = () => {
    setOpen(false);
    setValues({});
    setErrors({});
    setGeneral('');
  };

  const focusFirst = (found: Record<string, string>) => {
    const first = fields.find((f) => found[f.name]);
    if (first) inputs.current.get(first.name)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral('');
    const trimmed = Object.fromEntries(fields.map((f) => [f.name, (values[f.name] ?? '').trim()]));
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = trimmed[field.name]!;
      if (field.required && value === '') found[field.name] = t('dashboard.forms.required', { field: field.label });
      else if (value.length > field.maxLength)
        found[field.name] = t('dashboard.forms.too_long', { field: field.label, max: field.maxLength });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    if (props.confirm && !(await props.confirm(trimmed))) return;
    setBusy(true);
    try {
      await props.send(Object.fromEntries(Object.entries(trimmed).filter(([, value]) => value !== '')));
      dispatch(showToast({ severity: 'success', key: `${props.texts}.${props.successKey}` }));
      close();
    } catch (caught) {
      const failure = caught as ApiFailure;
      const listed = (failure.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
      const atFields: Record<string, string> = {};
      for (const error of listed) {
        const field = fields.find((f) => error.path === `/${f.name}`);
        if (field && typeof error.message === 'string') atFields[field.name] ??= error.message;
      }
      if (Object.keys(atFields).length > 0) {
        setErrors(atFields);
        focusFirst(atFields);
      } else setGeneral(failure.message || t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  const text = (key: string) => t(`${props.texts}.${key}`);
  return (
    <Box>
      <Typography component="h2" variant="h2" id={`${id}-title`} gutterBottom>
        {t(`${props.texts}.title`, props.titleValues)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{text('intro')}</Typography>
      {props.before}
      {!open ? (
        <Button ref={openButton} variant="outlined" onClick={() => setOpen(true)}>
          {text('open')}
        </Button>
      ) : (
        <Box
          component="form"
          noValidate
          id={id}
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => void onSubmit(event)}
          sx={{ maxWidth: 640 }}
        >
          {fields.map((field) => (
            <TextFieldWithError
              key={field.name}
              id={`${id}-${field.name}`}
              inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
                if (element) inputs.current.set(field.name, element);
                else inputs.current.delete(field.name);
              }}
              label={field.label}
              required={field.required}
              value={values[field.name] ?? ''}
              onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
              error={errors[field.name]}
              help={field.help || ' '}
              multiline={field.multiline}
              minRows={field.multiline ? 4 : undefined}
              fullWidth
              margin="normal"
              htmlInput={{ maxLength: field.maxLength }}
            />
          ))}
          {general && (
            <Alert severity="error" sx={{ my: 2 }}>
              {general}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {text(props.submitKey)}
            </Button>
            <Button onClick={close} disabled={busy}>
              {t('dashboard.forms.cancel')}
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
