import { estimateFee, type EstimateFeeRequest, type FeeEstimateAnswer } from '../../../shared/api/fees';
import { api, callRequest } from '../../app/api';

const feeEstimateApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query keyed by the draft: the review asks again each time it opens (the answers may have changed).
    estimateFee: build.query<FeeEstimateAnswer, EstimateFeeRequest>({
      query: (body) => callRequest(estimateFee, body, { quiet: true }),
    }),
  }),
});

export const { useEstimateFeeQuery } = feeEstimateApi;
