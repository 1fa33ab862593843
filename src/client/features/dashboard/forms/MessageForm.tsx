import { useTranslation } from 'react-i18next';
import { useSendMessageMutation } from '../dashboard-api';
import { ConversationList } from '../ConversationList';
import { FoldingForm } from './FoldingForm';

/** "Send a message" to the Development Control Unit about this application. */
export function MessageForm() {
  const { t } = useTranslation();
  const [send] = useSendMessageMutation();
  return (
    <FoldingForm
      before={<ConversationList />}
      id="message"
      texts="dashboard.message"
      submitKey="send"
      successKey="sent"
      fields={[
        { name: 'subject', label: t('dashboard.message.subject'), maxLength: 200 },
        { name: 'message', label: t('dashboard.message.message'), multiline: true, required: true, maxLength: 4000 },
      ]}
      // tsc needs the cast (the form's values are a Record); ESLint's type checker, which gives up on the
      // endpoint's argument type (call-endpoint.ts OptionsArg is deep for it), finds it unnecessary.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      send={(values) => send(values as { subject?: string; message: string }).unwrap()}
    />
  );
}
