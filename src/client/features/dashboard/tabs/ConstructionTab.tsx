import { useMemo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { useGetDashboardApplicationQuery } from '../dashboard-api';
import { QueryState } from '../parts';
import { SavedAnswers } from '../SavedAnswers';

/** Steps shown elsewhere: personal details on Profile, the engineer on Application, uploads on Attachments. */
const NOT_CONSTRUCTION = new Set(['personal', 'engineer', 'uploads']);
/** The wizard's order of the construction steps; any other step the server sends comes after them. */
const ORDER = ['construction', 'construction_details', 'building', 'building_details', 'special_plot', 'repair'];

/** The Construction tab: the answers about the building and the plot, readable. */
export function ConstructionTab() {
  const { data, isError, refetch } = useGetDashboardApplicationQuery();
  const steps = useMemo(() => {
    const given = Object.keys(data?.answers ?? {}).filter((step) => !NOT_CONSTRUCTION.has(step));
    const rank = (step: string) => (ORDER.includes(step) ? ORDER.indexOf(step) : ORDER.length);
    return given.sort((a, b) => rank(a) - rank(b));
  }, [data]);
  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  if (steps.length === 0) return <EmptyState />;
  return <SavedAnswers steps={steps} answers={data.answers} headingLevel="h2" />;
}
