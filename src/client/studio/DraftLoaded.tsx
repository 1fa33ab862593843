import type { ReactNode } from 'react';
import type { StudioDraftAnswer } from '../../shared/api/studio';
import { LoadFailed } from './LoadFailed';
import { Loading } from './Loading';
import { PageHeading } from './PageHeading';
import { useGetDraftQuery } from './studio-api';

/**
 * A studio page about the draft: its heading and "loading" (or why it could not be read) until the
 * draft is in, then `children` with it and a way to read it again (someone else changed it).
 */
export function DraftLoaded({
  title,
  children,
}: {
  title: string;
  children: (answer: StudioDraftAnswer, onStale: () => void) => ReactNode;
}) {
  const { data, error, refetch } = useGetDraftQuery();
  if (!data)
    return (
      <>
        <PageHeading title={title} />
        {error ? <LoadFailed error={error} /> : <Loading />}
      </>
    );
  return children(data, () => void refetch());
}
