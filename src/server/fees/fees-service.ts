import type { FeeEstimateAnswer } from '../../shared/api/fees';
import { estimateFee } from '../../shared/fees/fee-estimate';
import { isApplicationType } from '../../shared/wizard-driver';
import type { DraftOwners } from '../drafts/draft-owners';
import type { FormRegistry } from '../forms/form-registry';
import type { FeesRepository } from './fees-repository';

/**
 * Fee estimates: for the applicant's own draft (its cookie proves it) and for any application the
 * caller already may read (the dashboard's session, staff). Always computed from the forms version
 * the application's answers were saved under, so a schedule published later changes new drafts (and a
 * draft once it is continued under the new version), never what an application already saw.
 */
export class FeesService {
  constructor(
    private readonly repository: FeesRepository,
    private readonly registry: Pick<FormRegistry, 'current' | 'version'>,
    private readonly owners: Pick<DraftOwners, 'ownedDraft'>,
  ) {}

  /** The estimate of the caller's own draft; 404 draft_not_found without its proof, 409 once submitted. */
  async forDraft(reference: string, secret: string | undefined): Promise<FeeEstimateAnswer> {
    const draft = await this.owners.ownedDraft(reference, secret);
    return (await this.forApplication(draft.id))!;
  }

  /** The estimate of an application, for a caller already allowed to read it; undefined when it does not exist. */
  async forApplication(applicationId: number): Promise<FeeEstimateAnswer | undefined> {
    const inputs = await this.repository.estimateInputs(applicationId);
    if (!inputs) return undefined;
    const own = inputs.forms_version === null ? undefined : await this.registry.version(inputs.forms_version);
    const forms = own ?? (await this.registry.current());
    const forms_version = String(forms.version);
    if (!isApplicationType(inputs.application_type))
      return { forms_version, estimate: null, missing: { reason: 'no_fees_for_type' } };
    const result = estimateFee(forms.set, inputs.application_type, inputs.answers);
    return 'estimate' in result
      ? { forms_version, estimate: result.estimate, missing: null }
      : { forms_version, estimate: null, missing: result.missing };
  }
}
