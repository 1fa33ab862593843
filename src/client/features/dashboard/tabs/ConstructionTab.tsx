import { useMemo } from 'react';
import { moduleOf } from '../../../../shared/step-modules';
import { isApplicationType } from '../../../../shared/wizard-driver';
import { EmptyState } from '../../../components/EmptyState';
import { useForms } from '../../../forms/forms-query';
import { useGetDashboardApplicationQuery } from '../dashboard-api';
import { QueryState } from '../parts';
import { SavedAnswers } from '../SavedAnswers';

/**
 * The step modules shown elsewhere (src/shared/step-modules.ts): the applicant on Profile, the engineer
 * on Application, the documents on Attachments.
 */
const NOT_CONSTRUCTION = new Set(['applicant', 'engineer', 'documents']);

/** The Construction tab: the answers about the building and the plot, readable. */
export function ConstructionTab() {
  const { data, isError, refetch } = useGetDashboardApplicationQuery();
  const forms = useForms().data;
  const steps = useMemo(() => {
    const type = data?.application_type;
    // In the order of the application's flow; any other step the server sends comes after them.
    const order: readonly string[] = forms && isApplicationType(type) ? (forms.flows[type] ?? []) : [];
    const shownElsewhere = (step: string) =>
      NOT_CONSTRUCTION.has(moduleOf(forms && Object.hasOwn(forms.steps, step) ? forms.steps[step] : undefined) ?? '');
    const given = Object.keys(data?.answers ?? {}).filter((step) => !shownElsewhere(step));
    const rank = (step: string) => (order.includes(step) ? order.indexOf(step) : order.length);
    return given.sort((a, b) => rank(a) - rank(b));
  }, [data, forms]);
  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  if (steps.length === 0) return <EmptyState />;
  return <SavedAnswers steps={steps} answers={data.answers} headingLevel="h2" />;
}
