import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StepForm } from '../../../shared/forms';
import { isJsonObject } from '../../../shared/schema-walk';
import { useSaveStepMutation } from '../studio-api';
import { ConflictNotice } from './ConflictNotice';
import { stepItem } from './question-body';
import { SaveStatus } from './SaveStatus';
import { sendResult } from './save-result';
import { useAutoSave, type Send } from './use-auto-save';

interface AdvancedEditorProps {
  step: string;
  form: StepForm;
  /** The step item's revision: any change of one of its questions since this was loaded conflicts. */
  revision: number;
  onStale: () => void;
  /** The step as typed here, when both texts are JSON objects, for the live preview. */
  onEdited: (form: StepForm | null) => void;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A text as a JSON object, or what is wrong with it (said as the editor types). */
export function parseObject(text: string): { value: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? { value } : { error: 'not_object' };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/**
 * Advanced mode: the step's JSON Schema and UI schema as text, saved (save_step) when the editor asks,
 * with the same checks as the question editor's (the server's problems, shown on the page).
 */
export function AdvancedEditor({ step, form, revision, onStale, onEdited }: AdvancedEditorProps) {
  const { t } = useTranslation('studio');
  const [schemaText, setSchemaText] = useState(() => pretty(form.schema));
  const [uiText, setUiText] = useState(() => pretty(form.uiSchema));
  const [saveStep] = useSaveStepMutation();
  const send: Send<StepForm> = async (next, base) =>
    sendResult(await saveStep({ step, base, schema: next.schema, ui_schema: next.uiSchema }), stepItem(step));
  const save = useAutoSave(revision, send);
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) {
      setSchemaText(pretty(form.schema));
      setUiText(pretty(form.uiSchema));
    }
  }
  const schema = parseObject(schemaText);
  const ui = parseObject(uiText);
  const parsed = 'value' in schema && 'value' in ui ? { schema: schema.value, uiSchema: ui.value } : null;
  const errorOf = (result: ReturnType<typeof parseObject>) =>
    'error' in result
      ? result.error === 'not_object'
        ? t('editor.advanced.not_object')
        : t('editor.advanced.invalid_json', { reason: result.error })
      : undefined;

  const change = (nextSchema: string, nextUi: string) => {
    setSchemaText(nextSchema);
    setUiText(nextUi);
    const a = parseObject(nextSchema);
    const b = parseObject(nextUi);
    onEdited('value' in a && 'value' in b ? { schema: a.value, uiSchema: b.value } : null);
  };
  const saveParsed = async (form: StepForm) => {
    // Saved, the draft has it: the preview shows the draft's step (and its revision) again.
    if ((await save.saveNow(form))?.ok) onEdited(null);
  };
  const takeTheirs = () => {
    save.takeTheirs();
    setSchemaText(pretty(form.schema));
    setUiText(pretty(form.uiSchema));
    onEdited(null);
    onStale();
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('editor.advanced.explained')}</Typography>
      {save.conflict && <ConflictNotice conflict={save.conflict} onTheirs={takeTheirs} onMine={save.keepMine} />}
      <TextField
        id={`advanced-${step}-schema`}
        label={t('editor.advanced.schema')}
        value={schemaText}
        onChange={(event) => change(event.target.value, uiText)}
        multiline
        minRows={12}
        error={'error' in schema}
        helperText={errorOf(schema)}
        slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr', style: { fontFamily: 'monospace' } } }}
      />
      <TextField
        id={`advanced-${step}-ui`}
        label={t('editor.advanced.ui_schema')}
        value={uiText}
        onChange={(event) => change(schemaText, event.target.value)}
        multiline
        minRows={8}
        error={'error' in ui}
        helperText={errorOf(ui)}
        slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr', style: { fontFamily: 'monospace' } } }}
      />
      {save.failure && save.failure.errors.length > 0 && (
        <Alert severity="error">
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {save.failure.errors.map((error, index) => (
              <li key={index}>
                <code>{error.path}</code> {error.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!parsed || save.conflict !== null}
          onClick={() => parsed && void saveParsed(parsed)}
        >
          {t('editor.advanced.save')}
        </Button>
        <SaveStatus state={save.state} failure={save.failure?.message} />
      </Stack>
    </Stack>
  );
}
