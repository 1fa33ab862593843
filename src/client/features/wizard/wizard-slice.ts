import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QuestionToAnswer } from '../../../shared/forms-changed';
import type { LocalizedText } from '../../../shared/reference-data';
import { REVIEW_STEP, type ApplicationType } from '../../../shared/wizard-driver';
import type { StepAnswers } from '../../forms/step-data';

export type { StepAnswers };

/** The review page after a flow's last step (not a step of the forms; a save's `next_step` names it so). */
export const REVIEW = REVIEW_STEP;

/** What validate_otp answers about the engineer, shown on the engineer step. */
export interface ConfirmedEngineer {
  registration_number: string;
  name: string;
  experience_years: number;
  email: string;
  mobile: string;
  role?: { code: string; name: LocalizedText } | null;
}

/** What verify_zanid answered: the person the ZanID belongs to. */
export interface VerifiedPerson {
  zan_id: string;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  date_of_birth?: string;
  sex?: string;
}

/**
 * The application being filled in (the spec's newForm, repairForm and specialForm: one at a time).
 * Server data (forms, reference lists) stays in RTK Query; this is only what the applicant typed.
 */
export interface WizardState {
  type: ApplicationType | null;
  /** Answers by step id, as last edited: saved or not. */
  answers: Record<string, StepAnswers>;
  /** Steps the server has answers for (Save And Continue answered 200). */
  saved: string[];
  /** The open step id, or REVIEW; null for the flow's first step. */
  current: string | null;
  referenceNumber: string | null;
  /** The engineer who confirmed by SMS code, and the proof validate_otp gave (the step's validation_token). */
  engineer: { details: ConfirmedEngineer; token: string } | null;
  /** The ZanID verified on the personal step (spec section 4: the returned data is stored). */
  zanid: VerifiedPerson | null;
  /** Opened by Continue (reference number and code): Submit sends submit_application. */
  continued: boolean;
  /** 'saved_later' shows the reference number; 'submitted' lasts until the clean-up 3.5 s later. */
  phase: 'editing' | 'saved_later' | 'submitted';
  /** What the forms published since the draft was saved ask of it: shown until each step is saved. */
  formsChanged: QuestionToAnswer[];
  /** Steps Save & Complete Later kept unfinished (answers not valid yet): not saved, until saved valid. */
  unfinished: string[];
  /** Reopened from the server after a reload or a return (open_draft): its engineer step goes as saved. */
  reopened: boolean;
}

const fresh = (type: ApplicationType | null): WizardState => ({
  type,
  answers: {},
  saved: [],
  current: null,
  referenceNumber: null,
  engineer: null,
  zanid: null,
  continued: false,
  phase: 'editing',
  formsChanged: [],
  unfinished: [],
  reopened: false,
});

/** A saved personal step with a ZanID was verified before it was saved: it counts as verified. */
function savedZanid(personal: StepAnswers | undefined): VerifiedPerson | null {
  if (personal?.identification_type !== 'zanid' || typeof personal.zan_id !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    zan_id: personal.zan_id,
    first_name: text(personal.first_name),
    middle_name: text(personal.middle_name),
    last_name: text(personal.last_name),
  };
}

const wizardSlice = createSlice({
  name: 'wizard',
  initialState: fresh(null),
  reducers: {
    /** The wizard page opened for a type: another type, or a submitted application, starts afresh. */
    opened(state, action: PayloadAction<ApplicationType>) {
      // A continued draft belongs to /home/continue_form: the type's own page starts a new application.
      if (state.type !== action.payload || state.phase === 'submitted' || state.continued) return fresh(action.payload);
      state.phase = 'editing';
    },
    /** Back to the form after Save & Complete Later. */
    resumed(state) {
      state.phase = 'editing';
    },
    /** A draft opened by Continue: its saved answers, opened at `current` (null: the first incomplete step). */
    continued(
      _state,
      action: PayloadAction<{
        type: ApplicationType;
        answers: Record<string, StepAnswers>;
        saved: string[];
        referenceNumber: string;
        current: string | null;
        formsChanged?: QuestionToAnswer[];
      }>,
    ) {
      const { type, answers, saved, referenceNumber, current, formsChanged } = action.payload;
      return {
        ...fresh(type),
        answers,
        saved,
        referenceNumber,
        current,
        continued: true,
        // The verified ZanID of whichever step holds one (the applicant step, whatever it is called).
        zanid: Object.values(answers).map(savedZanid).find(Boolean) ?? null,
        formsChanged: formsChanged ?? [],
      };
    },
    /**
     * A draft reopened from the server (open_draft) after a reload, a Back or a return: its finished
     * answers and those typed on unfinished steps, opened at `current` (null: the first incomplete step).
     */
    reopened(
      _state,
      action: PayloadAction<{
        type: ApplicationType;
        answers: Record<string, StepAnswers>;
        unfinished: Record<string, StepAnswers>;
        referenceNumber: string;
        current: string | null;
        continued: boolean;
        formsChanged?: QuestionToAnswer[];
      }>,
    ) {
      const { type, answers, unfinished, referenceNumber, current, continued, formsChanged } = action.payload;
      const open = Object.keys(unfinished);
      return {
        ...fresh(type),
        answers: { ...answers, ...unfinished },
        saved: Object.keys(answers).filter((step) => !open.includes(step)),
        unfinished: open,
        referenceNumber,
        current,
        continued,
        reopened: true,
        zanid: Object.values(answers).map(savedZanid).find(Boolean) ?? null,
        formsChanged: formsChanged ?? [],
      };
    },
    /** Save & Complete Later kept the step unfinished: what was typed stays, the step is not saved. */
    keptUnfinished(state, action: PayloadAction<{ step: string; answers: StepAnswers; referenceNumber: string }>) {
      const { step, answers, referenceNumber } = action.payload;
      state.answers[step] = answers;
      state.saved = state.saved.filter((saved) => saved !== step);
      if (!state.unfinished.includes(step)) state.unfinished.push(step);
      state.referenceNumber = referenceNumber;
    },
    /** The forms changed under the draft (a save answered so): what to answer, from its first step on. */
    formsChanged(state, action: PayloadAction<{ to_answer: QuestionToAnswer[]; first_step: string }>) {
      state.formsChanged = action.payload.to_answer;
      state.current = action.payload.first_step || null;
    },
    zanidVerified(state, action: PayloadAction<VerifiedPerson | null>) {
      state.zanid = action.payload;
    },
    answersEdited(state, action: PayloadAction<{ step: string; answers: StepAnswers }>) {
      state.answers[action.payload.step] = action.payload.answers;
    },
    stepSaved(state, action: PayloadAction<{ step: string; answers: StepAnswers; referenceNumber: string }>) {
      const { step, answers, referenceNumber } = action.payload;
      state.answers[step] = answers;
      if (!state.saved.includes(step)) state.saved.push(step);
      state.unfinished = state.unfinished.filter((open) => open !== step);
      state.referenceNumber = referenceNumber;
      state.formsChanged = state.formsChanged.filter((question) => question.step !== step);
    },
    wentTo(state, action: PayloadAction<string>) {
      state.current = action.payload;
    },
    engineerConfirmed(state, action: PayloadAction<{ details: ConfirmedEngineer; token: string } | null>) {
      state.engineer = action.payload;
    },
    savedForLater(state) {
      state.phase = 'saved_later';
    },
    submitted(state, action: PayloadAction<string>) {
      state.phase = 'submitted';
      state.referenceNumber = action.payload;
    },
    cleared: () => fresh(null),
  },
});

export const {
  opened,
  resumed,
  continued,
  reopened,
  keptUnfinished,
  formsChanged,
  answersEdited,
  stepSaved,
  wentTo,
  engineerConfirmed,
  zanidVerified,
  savedForLater,
  submitted,
  cleared,
} = wizardSlice.actions;
export const wizardReducer = wizardSlice.reducer;
