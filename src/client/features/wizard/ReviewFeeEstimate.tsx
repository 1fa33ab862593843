import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { FeeEstimateBlock } from '../../components/FeeEstimateBlock';
import { useEstimateFeeQuery } from './fee-estimate-api';

/**
 * The fee estimate on the review step, before Submit: the draft's own (its cookie), from its forms
 * version's schedule. Loaded lazily by ReviewStep, so it adds nothing to the wizard's first step.
 */
export default function ReviewFeeEstimate() {
  const { t } = useTranslation('dashboard');
  const reference = useAppSelector((state) => state.wizard.referenceNumber);
  const { data, isError } = useEstimateFeeQuery(reference ? { reference_number: reference } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  if (isError) return <Typography sx={{ my: 2 }}>{t('fees.load_failed')}</Typography>;
  return <FeeEstimateBlock answer={data} level="h3" />;
}
