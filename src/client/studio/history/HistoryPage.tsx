import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../LoadFailed';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { useGetHistoryQuery } from '../studio-api';
import { VersionEntry } from './VersionEntry';

/** One page of versions (newest first); the last page offers the next. */
function HistoryChunk({ before, onMore }: { before: number | undefined; onMore?: (before: number) => void }) {
  const { t } = useTranslation('studio');
  const { data, error } = useGetHistoryQuery(before === undefined ? {} : { before });
  if (!data) return error ? <LoadFailed error={error} /> : <Loading />;
  return (
    <>
      {data.versions.map((entry) => (
        <VersionEntry key={entry.version} entry={entry} />
      ))}
      {onMore && data.next_before !== undefined && (
        // tsc needs the assertion (next_before is optional); ESLint's type checker, which gives up on the
        // endpoint's result type (call-endpoint.ts OptionsArg is deep for it), finds it unnecessary.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        <Button variant="outlined" onClick={() => onMore(data.next_before!)}>
          {t('history.older')}
        </Button>
      )}
    </>
  );
}

/** Every published version: who, when, why, what it changed; roll back to any earlier one. */
export function HistoryPage() {
  const { t } = useTranslation('studio');
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  return (
    <>
      <PageHeading title={t('history.title')} />
      {pages.map((before, i) => (
        <HistoryChunk
          key={before ?? 'newest'}
          before={before}
          onMore={i === pages.length - 1 ? (next) => setPages((all) => [...all, next]) : undefined}
        />
      ))}
    </>
  );
}
