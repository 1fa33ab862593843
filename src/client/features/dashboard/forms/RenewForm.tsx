import { useTranslation } from 'react-i18next';
import { useRenewPermitMutation } from '../dashboard-api';
import { FoldingForm } from './FoldingForm';

/** "Renew" a permit: the type of work and the reason (spec: Renew and Cancel). */
export function RenewForm({ permitNumber }: { permitNumber: string }) {
  const { t } = useTranslation();
  const [renew] = useRenewPermitMutation();
  return (
    <FoldingForm
      id="renew"
      texts="dashboard.renew"
      titleValues={{ permit_number: permitNumber }}
      submitKey="submit"
      successKey="sent"
      fields={[
        {
          name: 'type_of_work',
          label: t('dashboard.renew.type_of_work'),
          help: t('dashboard.renew.type_of_work_help'),
          required: true,
          maxLength: 200,
        },
        { name: 'reason', label: t('dashboard.renew.reason'), multiline: true, required: true, maxLength: 2000 },
      ]}
      send={(values) =>
        renew({ permit_number: permitNumber, type_of_work: values.type_of_work!, reason: values.reason! }).unwrap()
      }
    />
  );
}
