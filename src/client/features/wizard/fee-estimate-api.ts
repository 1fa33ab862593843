import { ESTIMATE_FEE_PATH, type EstimateFeeBody, type FeeEstimateAnswer } from '../../../shared/api/fees';
import { api } from '../../app/api';

const feeEstimateApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query keyed by the draft: the review asks again each time it opens (the answers may have changed).
    estimateFee: build.query<FeeEstimateAnswer, EstimateFeeBody>({
      query: (body) => ({ url: ESTIMATE_FEE_PATH.replace(/^\/api/, ''), body, quiet: true }),
    }),
  }),
});

export const { useEstimateFeeQuery } = feeEstimateApi;
