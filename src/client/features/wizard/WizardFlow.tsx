import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { CustomValidator } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/envelope';
import type { FormsDocument } from '../../../shared/forms';
import { moduleAnswers, moduleOf, stepWithModule } from '../../../shared/step-modules';
import {
  canVisit,
  firstIncomplete,
  isReadyToSubmit,
  nextStep,
  previousStep,
  stepsOf,
  type ApplicationType,
} from '../../../shared/wizard-driver';
import { isLanguage } from '../../app/i18n';
import { trackPageLoad } from '../../app/page-loads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSplash } from '../../app/splash-api';
import { hiddenTextValidator } from './hidden-text';
import { pointerParts } from '../../forms/field-paths';
import { rememberStep } from './resume-draft';
import { loadErrorSummary } from '../../forms/error-summary-load';
import { StepPanel } from '../../forms/StepPanel';
import { preloadValidator } from '../../forms/validator-source';
import { preloadParts } from '../../vendor/lazy-part';
import { walkSchema } from '../../../shared/schema-walk';
import {
  splashLabels,
  stepTitle,
  type TranslatedStep,
  type TranslateOptions,
  translateStep,
} from '../../forms/translate-schema';
import { useWizardActions } from './use-wizard-actions';
import { answersEdited, resumed, REVIEW, wentTo } from './wizard-slice';
import { widgets } from './wizard-widgets';
import { WizardProgress } from './WizardProgress';
import { isVerified } from './step-modules/applicant/zanid';
import {
  documentsExtra,
  engineerExtra,
  moduleTranslated,
  preloadModule,
  useFloorRows,
  withZanid,
  zanidValidator,
} from './step-modules';
import { SaveStatus } from './offline/SaveStatus';

// What later steps and the outcome show load when first reached (or made ready around the step shown):
// not with the first step, on every phone. The steps' modules load their own parts (step-modules/).
// Only when a save changes the phone saved in the draft (rare): MUI's dialog stays out of the first step.
const PhoneCodeDialog = lazy(() => import('./PhoneCodeDialog').then((m) => ({ default: m.PhoneCodeDialog })));
// Answers kept on the phone while offline (issue 17): loaded once the first step has shown, not with it.
const DeviceAnswers = lazy(() => import('./offline/DeviceAnswers').then((m) => ({ default: m.DeviceAnswers })));
// Only when the forms changed under the draft (rare): the list of what to answer.
const FormsChangedNotice = lazy(() => import('./FormsChangedNotice').then((m) => ({ default: m.FormsChangedNotice })));
const ReviewStep = lazy(() => trackPageLoad(import('./ReviewStep')).then((m) => ({ default: m.ReviewStep })));
const SavedLater = lazy(() => trackPageLoad(import('./WizardOutcome')).then((m) => ({ default: m.SavedLater })));
const Submitted = lazy(() => trackPageLoad(import('./WizardOutcome')).then((m) => ({ default: m.Submitted })));

/** Each step translated when first asked for: a step opens one at a time; only the review needs them all. */
function lazyTranslator(forms: FormsDocument, options: TranslateOptions): (step: string) => TranslatedStep {
  const all = new Map<string, TranslatedStep>();
  return (step) => {
    const known = all.get(step);
    if (known) return known;
    const form = Object.hasOwn(forms.steps, step) ? forms.steps[step] : undefined;
    if (!form) return { schema: {}, uiSchema: {}, title: step };
    const translated = moduleTranslated(moduleOf(form), translateStep(form, options));
    all.set(step, translated);
    return translated;
  };
}

/** The application being filled in: progress, then the current step, the review or the outcome. */
export function WizardFlow({
  type,
  forms,
  onReload,
}: {
  type: ApplicationType;
  forms: FormsDocument;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const splash = useSplash();
  const wizard = useAppSelector((state) => state.wizard);
  const steps = stepsOf(forms.flows, type);
  // Focus moves to the new step's heading once the applicant has moved, not on the first load.
  const [moved, setMoved] = useState(false);
  // The step modules (src/shared/step-modules.ts) are found by their markers, never by a step's id.
  const moduleAt = (step: string) => moduleOf(Object.hasOwn(forms.steps, step) ? forms.steps[step] : undefined);
  const { saveStep, submit, phoneRequest } = useWizardActions(
    type,
    steps,
    stepWithModule(forms.steps, 'engineer', steps),
    () => setMoved(true),
    forms.version,
  );
  const [submitErrors, setSubmitErrors] = useState<FieldError[]>([]);
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';

  const translate = useMemo(() => {
    const options = {
      t: (key: string) => t(`forms:${key}`),
      referenceLabel: splashLabels(splash, lng),
    };
    return lazyTranslator(forms, options);
  }, [forms, splash, lng, t]);

  const titleOf = useCallback(
    (step: string) =>
      stepTitle(Object.hasOwn(forms.steps, step) ? forms.steps[step] : undefined, (key) => t(`forms:${key}`), step),
    [forms, t],
  );
  const saved = Object.fromEntries(wizard.saved.map((step) => [step, wizard.answers[step] ?? {}]));
  // A fresh application opens on its first step, a continued one on its first incomplete step.
  const current = wizard.current ?? firstIncomplete(steps, saved) ?? REVIEW;
  // The step the tab shows, chosen or derived, is the one a reload reopens (a step id: nothing personal).
  const { referenceNumber } = wizard;
  useEffect(() => {
    if (referenceNumber) rememberStep(referenceNumber, current);
  }, [referenceNumber, current]);
  // A step has shown (then offline keeping loads), and how often answers kept on the phone were put back.
  const [shownOnce, setShownOnce] = useState(false);
  const [restored, setRestored] = useState(0);
  const goTo = (step: string) => {
    setMoved(true);
    dispatch(wentTo(step));
  };
  const personal = moduleAnswers(wizard.answers, forms.steps, 'applicant', steps);
  const zanidVerified = personal.identification_type === 'zanid' && isVerified(wizard.zanid, personal.zan_id);
  const stepModule = moduleAt(current);
  // The answers the floors depend on: the storeys step's.
  const storeys = moduleAnswers(wizard.answers, forms.steps, 'storeys', steps);
  const floorRows = useFloorRows(stepModule === 'floors');
  // The same object while the step is unchanged: RJSF recomputes a whole step when its UI schema changes.
  const shown = useMemo(
    () => (stepModule === 'applicant' ? withZanid(translate(current), zanidVerified) : translate(current)),
    [translate, current, stepModule, zanidVerified],
  );

  // Once a step shows, the steps either side of it are made ready (their validators, a file each, their
  // texts and parts): on a slow network or phone, Next and Previous then open them at once.
  const prepareAround = () => {
    setShownOnce(true);
    // What a step draws only later: its summary of errors (once Continue finds some), and the ZanID's
    // widget on the personal step (once ZanID is chosen).
    void loadErrorSummary().catch(() => undefined);
    for (const step of [current, previousStep(steps, current), nextStep(steps, current)])
      if (step !== undefined) preloadModule(moduleAt(step));
    for (const step of [previousStep(steps, current), nextStep(steps, current)]) {
      if (step === undefined || !Object.hasOwn(forms.steps, step)) continue;
      preloadValidator(step, forms.steps[step]!.schema, forms.version);
      translate(step);
      if (hasTable(forms.steps[step]!.schema)) void preloadParts('tables').catch(() => undefined);
      if (hasYesNoOrNumber(forms.steps[step]!.schema)) void preloadParts('yes-no-numbers').catch(() => undefined);
    }
  };

  if (wizard.phase === 'saved_later' && wizard.referenceNumber)
    return (
      <Suspense fallback={null}>
        <SavedLater
          referenceNumber={wizard.referenceNumber}
          unfinished={wizard.unfinished.includes(current)}
          onResume={() => dispatch(resumed())}
        />
      </Suspense>
    );
  if (wizard.phase === 'submitted' && wizard.referenceNumber)
    return (
      <Suspense fallback={null}>
        <Submitted
          referenceNumber={wizard.referenceNumber}
          request={!wizard.continued && (type === 'repair' || type === 'special')}
        />
      </Suspense>
    );

  const phoneDialog = phoneRequest && (
    <Suspense fallback={null}>
      <PhoneCodeDialog request={phoneRequest} />
    </Suspense>
  );
  const progressBar = (
    <>
      <WizardProgress steps={steps} current={current} saved={saved} titleOf={titleOf} onGoTo={goTo} />
      {wizard.formsChanged.length > 0 && (
        <Suspense fallback={null}>
          <FormsChangedNotice questions={wizard.formsChanged} titleOf={titleOf} />
        </Suspense>
      )}
    </>
  );
  if (current === REVIEW) {
    return (
      <>
        {progressBar}
        {phoneDialog}
        <Suspense fallback={null}>
          <ReviewStep
            steps={steps}
            translate={translate}
            answers={wizard.answers}
            modules={{ moduleOf: moduleAt, confirmed: wizard.engineer?.details, engineers: splash.engineers }}
            focusHeading={moved}
            onChangeStep={goTo}
            onPrevious={() => goTo(steps[steps.length - 1] ?? REVIEW)}
            onSubmit={submit}
            onErrors={setSubmitErrors}
          />
        </Suspense>
      </>
    );
  }

  const stepValidate: CustomValidator | undefined =
    stepModule === 'applicant'
      ? zanidValidator(wizard.zanid, t('wizard.zanid.verify_first'))
      : floorRows && stepModule === 'floors'
        ? floorRows.floorRowsValidator(storeys, (key, params) => t(`validation:${key}`, params))
        : undefined;
  // Every step: no hidden or control characters in its texts, as the server checks too.
  const customValidate = hiddenTextValidator(t('validation:hidden_characters'), stepValidate);
  const next = nextStep(steps, current) ?? REVIEW;
  const nextOpen = next === REVIEW ? isReadyToSubmit(steps, saved) : canVisit(steps, saved, next);
  const previous = previousStep(steps, current);
  const extra =
    stepModule === 'engineer'
      ? engineerExtra
      : stepModule === 'documents'
        ? documentsExtra({ type, saved, uploadsSchema: forms.steps[current]?.schema, rules: forms.documents })
        : undefined;

  // The floors step waits for its own behaviour (loaded with the step before it, as a rule; the progress bar runs).
  if (stepModule === 'floors' && !floorRows) return progressBar;

  return (
    <>
      {progressBar}
      {phoneDialog}
      {shownOnce && (
        <Suspense fallback={null}>
          <DeviceAnswers
            type={type}
            steps={steps}
            current={current}
            formsVersion={forms.version}
            onRestored={() => setRestored((n) => n + 1)}
          />
        </Suspense>
      )}
      <StepPanel
        // A new version of the forms opens the step afresh (its answers kept, those it no longer asks dropped).
        key={`${current}@${forms.version}#${restored}`}
        step={current}
        schema={forms.steps[current]?.schema ?? {}}
        formsVersion={forms.version}
        translated={shown}
        onReload={onReload}
        onShown={prepareAround}
        formProps={{
          initial:
            floorRows && stepModule === 'floors'
              ? floorRows.withFloorRows(storeys, wizard.answers[current])
              : (wizard.answers[current] ?? {}),
          initialErrors: submitErrors.filter((error) => pointerParts(error.path)[0] === current),
          focusHeading: moved,
          onSave: async (answers, mode, valid) => {
            const outcome = await saveStep(current, answers, mode, valid);
            if (outcome.ok) setSubmitErrors((errors) => errors.filter((e) => pointerParts(e.path)[0] !== current));
            return outcome;
          },
          onEdit: (answers) => dispatch(answersEdited({ step: current, answers })),
          onPrevious: previous ? () => goTo(previous) : undefined,
          onNext: nextOpen ? () => goTo(next) : undefined,
          onGoToStep: goTo,
          stepTitleOf: titleOf,
          extra,
          customValidate,
          adjust: stepModule === 'floors' ? floorRows?.numberNewFloors : undefined,
          widgets,
          status: <SaveStatus />,
        }}
      />
    </>
  );
}

/** Whether a step asks a yes/no or a number (RJSF's fields for them load with the first step that does). */
function hasYesNoOrNumber(schema: unknown): boolean {
  let found = false;
  walkSchema(schema, (node) => {
    const types = Array.isArray(node.type) ? (node.type as unknown[]) : [node.type];
    found ||= types.some((type) => type === 'boolean' || type === 'number' || type === 'integer');
  });
  return found;
}

/** Whether a step has a table (an array answer): its parts are loaded when first drawn (vite.config.ts). */
function hasTable(schema: unknown): boolean {
  let found = false;
  walkSchema(schema, (node) => {
    const type = node.type;
    found ||= type === 'array' || (Array.isArray(type) && type.includes('array'));
  });
  return found;
}
