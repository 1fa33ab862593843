import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LocalizedText } from '../../../shared/reference-data';
import type { ApplicationType } from '../../../shared/wizard-driver';

export type StepAnswers = Record<string, unknown>;

/** The review page that follows a flow's last step (not a step of the forms). */
export const REVIEW = 'review';

/** What validate_otp answers about the engineer, shown on the engineer step. */
export interface ConfirmedEngineer {
  registration_number: string;
  name: string;
  experience_years: number;
  email: string;
  mobile: string;
  role?: { code: string; name: LocalizedText } | null;
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
  /** 'saved_later' shows the reference number; 'submitted' lasts until the clean-up 3.5 s later. */
  phase: 'editing' | 'saved_later' | 'submitted';
}

const fresh = (type: ApplicationType | null): WizardState => ({
  type,
  answers: {},
  saved: [],
  current: null,
  referenceNumber: null,
  engineer: null,
  phase: 'editing',
});

const wizardSlice = createSlice({
  name: 'wizard',
  initialState: fresh(null),
  reducers: {
    /** The wizard page opened for a type: another type, or a submitted application, starts afresh. */
    opened(state, action: PayloadAction<ApplicationType>) {
      if (state.type !== action.payload || state.phase === 'submitted') return fresh(action.payload);
      state.phase = 'editing';
    },
    answersEdited(state, action: PayloadAction<{ step: string; answers: StepAnswers }>) {
      state.answers[action.payload.step] = action.payload.answers;
    },
    stepSaved(state, action: PayloadAction<{ step: string; answers: StepAnswers; referenceNumber: string }>) {
      const { step, answers, referenceNumber } = action.payload;
      state.answers[step] = answers;
      if (!state.saved.includes(step)) state.saved.push(step);
      state.referenceNumber = referenceNumber;
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

export const { opened, answersEdited, stepSaved, wentTo, engineerConfirmed, savedForLater, submitted, cleared } =
  wizardSlice.actions;
export const wizardReducer = wizardSlice.reducer;
