import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { canVisit, isReadyToSubmit, progress, type Answers } from '../../../shared/wizard-driver';
import { visuallyHidden } from '../../components/visually-hidden';
import { REVIEW } from './wizard-slice';
import './wizard-progress.css';

export interface WizardProgressProps {
  steps: readonly string[];
  current: string;
  /** Answers of the saved steps only: what the driver counts as complete. */
  saved: Answers;
  titleOf: (step: string) => string;
  onGoTo: (step: string) => void;
}

/**
 * Where the applicant is: "Step 2 of 4", steps saved, and (on wider screens) a stepper of titles.
 *
 * The bar and the stepper are plain elements (wizard-progress.css) drawn as MUI's LinearProgress and
 * alternative-label Stepper drew them, with what they said to a screen reader: the bar a progressbar named
 * by the "saved" line; the stepper a list of the steps, each named in words ("Step 3: Construction"),
 * or, once a step can be opened, a tablist whose steps that can be opened are tabs (one tab stop, the
 * arrow keys, Home and End move between them). The step shown is marked `aria-current="step"`: in the
 * list, its item; in the tablist, its tab, selected (MUI's left it a line of text). MUI's Stepper, its
 * parts and LinearProgress were ~4.5 KiB of gzip on the wizard's first step (this CSS is 0.7).
 */
export function WizardProgress({ steps, current, saved, titleOf, onGoTo }: WizardProgressProps) {
  const { t } = useTranslation();
  const done = progress(steps, saved);
  const all = [...steps, REVIEW];
  const index = all.indexOf(current);
  const reachable = (step: string) =>
    step !== current && (step === REVIEW ? isReadyToSubmit(steps, saved) : canVisit(steps, saved, step));
  const tabs = all.filter(reachable);
  const where =
    current === REVIEW
      ? t('wizard.progress.review')
      : t('wizard.progress.step', { step: index + 1, total: steps.length, title: titleOf(current) });
  // The one tab reached by Tab: the last one focused, else the first.
  const [focused, setFocused] = useState<string>();
  const tabStop = focused && tabs.includes(focused) ? focused : tabs[0];
  const percent = Math.round(done.percent);

  return (
    <Box sx={{ mb: 3 }}>
      <Typography id="wizard-where" sx={{ fontWeight: 600 }}>
        {where}
      </Typography>
      <Typography id="wizard-saved" variant="body2" sx={{ mb: 1 }}>
        {t('wizard.progress.saved', { done: done.done, total: done.total })}
      </Typography>
      <div
        className="k-saved-bar"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-labelledby="wizard-saved"
      >
        <div className="k-saved-bar__done" style={{ transform: `translateX(${done.percent - 100}%)` }} />
      </div>
      <ol
        className="k-steps"
        aria-label={t('wizard.progress.steps')}
        {...(tabs.length > 0 && { role: 'tablist', 'aria-orientation': 'horizontal', onKeyDown: moveBetweenTabs })}
      >
        {all.map((step, i) => {
          const title = step === REVIEW ? t('wizard.review.title') : titleOf(step);
          const state = step === current ? 'active' : step !== REVIEW && step in saved ? 'completed' : undefined;
          // In words, "Step 3: Construction": the circle's number (or tick) is a picture a screen reader skips.
          const name = t('wizard.progress.step_name', { step: i + 1, title });
          const label = (
            <span className="k-steps__label">
              <StepIcon number={i + 1} completed={state === 'completed'} active={state === 'active'} />
              <span className={state ? `k-steps__title k-steps__title--${state}` : 'k-steps__title'}>{title}</span>
            </span>
          );
          const tab = { role: 'tab', 'aria-posinset': i + 1, 'aria-setsize': all.length, 'aria-label': name } as const;
          return (
            <li
              key={step}
              className="k-steps__step"
              role={tabs.length > 0 ? 'presentation' : undefined}
              aria-current={tabs.length === 0 && step === current ? 'step' : undefined}
            >
              {i > 0 && <span className="k-steps__connector" />}
              {reachable(step) ? (
                <button
                  type="button"
                  className="k-steps__button"
                  {...tab}
                  aria-selected={false}
                  tabIndex={step === tabStop ? 0 : -1}
                  onFocus={() => setFocused(step)}
                  onClick={() => onGoTo(step)}
                >
                  {label}
                </button>
              ) : tabs.length > 0 && step === current ? (
                // In a tablist, the step shown is its selected tab (not one to open: no tab stop).
                <span {...tab} aria-selected aria-current="step">
                  {label}
                </span>
              ) : (
                <>
                  <span style={visuallyHidden}>{name}</span>
                  <span aria-hidden="true">{label}</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </Box>
  );
}

/** Left and right (round the ends), Home and End move the focus between the tabs that open a step, as in MUI's. */
function moveBetweenTabs(event: KeyboardEvent<HTMLElement>) {
  if (event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('button[role="tab"]')];
  const at = tabs.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowRight: at + 1, ArrowLeft: (at < 0 ? tabs.length : at) - 1, Home: 0, End: tabs.length - 1 }[
    event.key
  ];
  if (next === undefined || tabs.length === 0) return;
  event.preventDefault();
  tabs[(next + tabs.length) % tabs.length]!.focus();
}

/** The step's circle, its number in it, or a tick once the step is saved (MUI's StepIcon). */
function StepIcon({ number, completed, active }: { number: number; completed: boolean; active: boolean }) {
  const className = completed || active ? 'k-steps__icon k-steps__icon--on' : 'k-steps__icon';
  return (
    <svg className={className} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      {completed ? (
        <path d="M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24zm-2 17l-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z" />
      ) : (
        <>
          <circle cx="12" cy="12" r="12" />
          <text className="k-steps__number" x="12" y="12" textAnchor="middle" dominantBaseline="central">
            {number}
          </text>
        </>
      )}
    </svg>
  );
}
