import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  Suspense,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IChangeEvent } from '@rjsf/core';
import Form from '@rjsf/mui';
import {
  deepEquals,
  type CustomValidator,
  type RJSFValidationError,
  type ValidatorType,
  type Widget,
} from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../shared/envelope';
import { ErrorSummary } from './error-summary-load';
import { fieldId, fieldLabel, serverSummary } from './field-paths';
import { fields, templates, widgetsAwayFromWizard } from './rjsf-theme';
// Here, not in rjsf-theme: the forms checker renders those parts on the server, where a CSS import cannot load.
import './step-form.css';
import { clientErrors, errorSchemaOf, serverErrors, stillStanding, type ShownError } from './stale-errors';
import { prepareAnswers, type StepAnswers } from './step-data';
import type { TranslatedStep } from './translate-schema';
import { rowStrings } from './row-words';
import { localizer, rjsfStrings } from './validation-messages';
import type { WizardWidgetName } from '../../shared/wizard-widgets';

/**
 * What a step's form gives its widgets: the step's latest answers (read when needed: the context stays
 * the same object while typing, so RJSF does not re-render every field) and how to change them.
 */
export interface StepFormContext {
  answers: () => StepAnswers;
  change: (next: StepAnswers) => void;
}

export type SaveMode = 'continue' | 'later';
export type SaveOutcome = { ok: true } | { ok: false; errors: FieldError[]; message: string };

export interface StepFormProps {
  step: string;
  translated: TranslatedStep;
  validator: ValidatorType;
  initial: StepAnswers;
  /** Server errors to show as the step opens (from a Submit that failed on this step). */
  initialErrors: FieldError[];
  focusHeading: boolean;
  /** `valid`: whether the step's own checks pass (Save & Complete Later saves what was typed either way). */
  onSave: (answers: StepAnswers, mode: SaveMode, valid?: boolean) => Promise<SaveOutcome>;
  /** The answers as edited, not yet saved: told once typing pauses, and before the step is left or saved. */
  onEdit: (answers: StepAnswers) => void;
  onPrevious?: () => void;
  onNext?: () => void;
  onGoToStep: (step: string) => void;
  stepTitleOf: (step: string) => string;
  /** What the step shows under its fields (the engineer's code, the uploads' documents). */
  extra?: (answers: StepAnswers, change: (next: StepAnswers) => void) => ReactNode;
  /** The step's own checks beyond its schema (a ZanID must be verified before the step is saved). */
  customValidate?: CustomValidator;
  /** What the step's module does to answers as they change (a floor row added gets its floor number). */
  adjust?: (next: StepAnswers, previous: StepAnswers) => StepAnswers;
  /**
   * The widgets: the wizard gives its own (wizard-widgets.tsx, the ZanID's Verify). Without them, a plain
   * text box stands in for a widget that needs the wizard's page (widgetsAwayFromWizard).
   */
  widgets?: Record<WizardWidgetName, Widget>;
  /** What shows under the Save buttons (the wizard's save status line). */
  status?: ReactNode;
}

/**
 * No answer the applicant did not give: a const is never a default (the safety disclaimer must be ticked,
 * not found ticked), and a required yes/no starts unanswered (RJSF would answer it "No").
 */
const DEFAULTS = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

/** How long typing pauses before the edited answers are told to the wizard (and its progress). */
export const EDIT_SETTLE_MS = 300;

interface Failure {
  attempt: number;
  errors: ShownError[];
  /** The answers that failed: a server's error stands while its answer is still the one sent. */
  sent: StepAnswers;
}

const NO_FAILURE: Failure = { attempt: 0, errors: [], sent: {} };

/** What a step shows under its fields, given the live answers. */
function StepExtra({ render, answers, change }: { render: NonNullable<StepFormProps['extra']> } & StepFormContextLive) {
  return render(answers, change);
}

interface StepFormContextLive {
  answers: StepAnswers;
  change: (next: StepAnswers) => void;
}

/**
 * A step's answers as the step last prepared them: read at each render of the step (useSyncExternalStore),
 * telling the step to render only when `set` asks.
 */
function answersStore(initial: StepAnswers) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: StepAnswers, render: boolean) {
      value = next;
      if (render) listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One step: its translated form (RJSF), the error summary, and the spec's buttons. */
export function StepForm(props: StepFormProps) {
  const { step, translated, validator, onSave, onEdit, stepTitleOf } = props;
  const { t } = useTranslation();
  // The answers, handed back to RJSF at each render (a form whose props lag behind would reset to them);
  // a reason to render only when the page must show something RJSF does not (see update).
  // Never an answer the schema lacks: RJSF would show it as a free "Key" editor (forms changed since).
  const [store] = useState(() => answersStore(prepareAnswers(validator, translated.schema, props.initial)));
  const answers = useSyncExternalStore(store.subscribe, store.get);
  const [busy, setBusy] = useState(false);
  const mode = useRef<SaveMode>('continue');
  const heading = useRef<HTMLHeadingElement>(null);
  const strings = rowStrings(t);
  const fromServer = (errors: FieldError[], sent: StepAnswers) =>
    serverSummary(
      errors,
      (s) => (s === step ? translated : undefined),
      strings,
      stepTitleOf,
      () => sent,
    );
  const fromServerErrors = (errors: FieldError[], sent: StepAnswers) =>
    serverErrors(errors, fromServer(errors, sent), step);
  const [failure, setFailure] = useState<Failure>(() =>
    props.initialErrors.length > 0
      ? { attempt: 1, errors: fromServerErrors(props.initialErrors, store.get()), sent: store.get() }
      : NO_FAILURE,
  );
  const failureRef = useRef(failure);
  useEffect(() => {
    failureRef.current = failure;
  }, [failure]);
  const items = useMemo(() => failure.errors.map((error) => error.item), [failure.errors]);
  // Every error under a field is the step's own (RJSF validates nothing itself: see `noValidate`).
  const extraErrors = useMemo(() => errorSchemaOf(failure.errors), [failure.errors]);
  const transformErrors = useMemo(() => localizer(t), [t]);
  const customValidate = useRef(props.customValidate);
  useEffect(() => {
    customValidate.current = props.customValidate;
  });
  /** The step's validator on `data`, as RJSF runs it (the data without undefined values, the step's own checks). */
  const validate = useCallback(
    (data: unknown) => {
      const text = JSON.stringify(data);
      const clean: unknown = text === undefined ? undefined : JSON.parse(text);
      return validator.validateFormData(
        clean,
        translated.schema,
        customValidate.current,
        transformErrors,
        translated.uiSchema,
      ).errors;
    },
    [validator, translated, transformErrors],
  );
  // Once answers change after a failed save, each error goes as its field becomes valid, the summary with
  // it: checked once typing pauses (one validation of the step), and only while errors are shown.
  const pendingCheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checkStanding = useCallback(() => {
    pendingCheck.current = undefined;
    const shown = failureRef.current;
    if (!shown.errors.some((error) => error.parts)) return;
    const answers = store.get();
    const standing = stillStanding(shown.errors, validate(answers), answers, shown.sent);
    if (standing.length !== shown.errors.length) setFailure((f) => (f === shown ? { ...f, errors: standing } : f));
  }, [store, validate]);
  useEffect(() => () => clearTimeout(pendingCheck.current), []);
  const translateString = useMemo(() => rjsfStrings(t), [t]);

  const focusHeading = props.focusHeading && props.initialErrors.length === 0;
  // As the step is put on the page, not after: the step renders in a transition, whose effects may run
  // well after a slow phone shows it, when the applicant may already be typing in a field (focus taken
  // then would send the rest of the keys nowhere).
  useLayoutEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  // The wizard hears of edits once typing settles (and at once before leaving or saving the step):
  // every dispatch re-renders the wizard around the step.
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  });
  const pendingEdit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushEdit = useCallback(() => {
    if (pendingEdit.current === undefined) return;
    clearTimeout(pendingEdit.current);
    pendingEdit.current = undefined;
    onEditRef.current(store.get());
  }, [store]);
  const settleEdit = useCallback(() => {
    clearTimeout(pendingEdit.current);
    pendingEdit.current = setTimeout(flushEdit, EDIT_SETTLE_MS);
  }, [flushEdit]);
  // RJSF reports the defaults it adds as it is constructed, while the step renders: a render React may
  // throw away (an interrupted transition, a prepared sibling), whose answers must never reach the
  // wizard. Only a step on the page tells its edits: the defaults once it is there.
  const mounted = useRef(false);
  // As the step is put on the page, so that nothing typed at once misses the wizard.
  useLayoutEffect(() => {
    mounted.current = true;
    if (store.get() !== props.initial) settleEdit();
    return () => {
      mounted.current = false;
      flushEdit();
    };
    // Once, as the step is put on the page: its first answers are the ones it opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flushEdit, settleEdit, store]);

  const hasExtra = props.extra !== undefined;
  const { adjust } = props;
  const update = useCallback(
    (emitted: unknown, programmatic: boolean) => {
      const ready = prepareAnswers(validator, translated.schema, emitted);
      const prepared = adjust ? adjust(ready, store.get()) : ready;
      // What was typed RJSF shows already: the step renders again (RJSF recomputing the whole form a
      // second time) only for what RJSF does not show (totals computed, answers dropped, a change made by
      // the page) or for what the step shows under its fields.
      store.set(prepared, programmatic || hasExtra || !deepEquals(prepared, emitted));
      if (!mounted.current) return;
      if (failureRef.current.errors.length > 0) {
        clearTimeout(pendingCheck.current);
        pendingCheck.current = setTimeout(checkStanding, programmatic ? 0 : EDIT_SETTLE_MS);
      }
      settleEdit();
      if (programmatic) flushEdit();
    },
    [validator, translated.schema, flushEdit, settleEdit, store, hasExtra, checkStanding, adjust],
  );
  /** A change made by the page rather than typed (a widget filling names, a table's rows). */
  const change = useCallback((next: StepAnswers) => update(next, true), [update]);
  const onChange = useCallback((event: IChangeEvent) => update(event.formData, false), [update]);
  // Stable, so that RJSF's fields, which compare their props, re-render only when their own value changes.
  const formContext = useMemo<StepFormContext>(() => ({ answers: store.get, change }), [change, store]);

  const onError = (errors: RJSFValidationError[], sent: StepAnswers) => {
    mode.current = 'continue';
    const shown = clientErrors(errors, (error, parts) => ({
      message: error.message ?? '',
      label: fieldLabel(translated.uiSchema, parts, strings, sent),
      id: fieldId(translated, parts),
    }));
    setFailure((f) => ({ attempt: f.attempt + 1, errors: shown, sent }));
  };

  const save = async (prepared: StepAnswers, chosen: SaveMode, valid?: boolean) => {
    setBusy(true);
    const outcome = await onSave(prepared, chosen, valid);
    setBusy(false);
    if (!outcome.ok) {
      const errors =
        outcome.errors.length > 0
          ? fromServerErrors(outcome.errors, prepared)
          : [{ item: { message: outcome.message }, server: true }];
      setFailure((f) => ({ attempt: f.attempt + 1, errors, sent: prepared }));
    }
  };

  const onSubmit = async ({ formData: submitted }: IChangeEvent) => {
    flushEdit();
    clearTimeout(pendingCheck.current);
    const chosen = mode.current;
    mode.current = 'continue';
    const errors = validate(submitted);
    if (errors.length > 0) return onError(errors, store.get());
    await save(prepareAnswers(validator, translated.schema, submitted), chosen);
  };

  /**
   * Save & Complete Later keeps what was typed, valid or not (issue 17): the step's checks only decide
   * whether it is finished. Someone who has to stop always gets the reference number.
   */
  const saveLater = async () => {
    flushEdit();
    clearTimeout(pendingCheck.current);
    const prepared = prepareAnswers(validator, translated.schema, store.get());
    await save(prepared, 'later', validate(prepared).length === 0);
  };

  const leaving = (go: () => void) => () => {
    flushEdit();
    go();
  };

  return (
    <section aria-labelledby="step-title">
      <Typography ref={heading} id="step-title" component="h2" variant="h2" tabIndex={-1} gutterBottom>
        {translated.title}
      </Typography>
      {translated.description && <Typography sx={{ mb: 2 }}>{translated.description}</Typography>}
      {items.length > 0 && (
        <Suspense fallback={null}>
          <ErrorSummary items={items} attempt={failure.attempt} currentStep={step} onGoToStep={props.onGoToStep} />
        </Suspense>
      )}
      <Form
        schema={translated.schema}
        uiSchema={translated.uiSchema}
        formData={answers}
        validator={validator}
        onChange={onChange}
        onSubmit={(event) => void onSubmit(event)}
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        translateString={translateString}
        templates={templates}
        fields={fields}
        widgets={props.widgets ?? widgetsAwayFromWizard}
        formContext={formContext}
        experimental_defaultFormStateBehavior={DEFAULTS}
        noHtml5Validate
        // The step validates on Save itself (validate, onSubmit), so that every error shown is one it keeps
        // and clears field by field (extraErrors); RJSF's own would stay on a fixed field until the next save.
        noValidate
        showErrorList={false}
        liveValidate={false}
      >
        {props.extra && <StepExtra render={props.extra} answers={answers} change={change} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
          {props.onPrevious && (
            <Button variant="outlined" onClick={leaving(props.onPrevious)} disabled={busy}>
              {t('wizard.buttons.previous')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy} onClick={() => (mode.current = 'continue')}>
            {t('wizard.buttons.save_and_continue')}
          </Button>
          {props.onNext && (
            <Button variant="outlined" onClick={leaving(props.onNext)} disabled={busy}>
              {t('wizard.buttons.next')}
            </Button>
          )}
          <Button variant="text" disabled={busy} onClick={() => void saveLater()}>
            {t('wizard.buttons.save_later')}
          </Button>
        </Stack>
        {props.status}
      </Form>
    </section>
  );
}
