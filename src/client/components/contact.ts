import { useGetSplashQuery } from '../features/splash/splash-api';

/** Shown before the reference data (which carries the configured number) has arrived, or without it. */
export const SUPPORT_PHONE_FALLBACK = '+255 24 223 0000';

/** The configured support phone and WhatsApp number, from the reference data. */
export function useContact(): { phone: string; whatsapp: string | undefined } {
  const { data } = useGetSplashQuery();
  return { phone: data?.site.support_phone ?? SUPPORT_PHONE_FALLBACK, whatsapp: data?.site.whatsapp_number };
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
