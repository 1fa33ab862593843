import { usePageSettings } from '../app/page-settings';
import { useGetSplashQuery } from '../app/splash-api';

/** Shown when neither the page nor the reference data (which carry the configured number) has one. */
export const SUPPORT_PHONE_FALLBACK = '+255 24 223 0000';

/** The configured support phone and WhatsApp number: from the page the server sent, else the reference data. */
export function useContact(): { phone: string; whatsapp: string | undefined } {
  const page = usePageSettings();
  const { data } = useGetSplashQuery(undefined, { skip: page !== undefined });
  const site = page ?? data?.site;
  return { phone: site?.support_phone ?? SUPPORT_PHONE_FALLBACK, whatsapp: site?.whatsapp_number };
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
