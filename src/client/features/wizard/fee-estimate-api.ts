import { estimateFee } from '../../../shared/api/fees';
import { api } from '../../app/api';
import { callQuery } from '../../app/call-endpoint';

const feeEstimateApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query keyed by the draft: the review asks again each time it opens (the answers may have changed).
    estimateFee: callQuery(build, estimateFee, { quiet: true }),
  }),
});

export const { useEstimateFeeQuery } = feeEstimateApi;
