import { useCallback, useState } from 'react';
import type { saveAndContinue } from '../../../shared/api/applications';
import type { ErrorCodeOf, ErrorDataOf } from '../../../shared/api/call';
import type { ApiFailure } from '../../app/api';

/** The code sent to the new phone, with its challenge: sent again with the save that changes the phone. */
export interface PhoneCode {
  challenge_id: string;
  code: string;
}

/** A save's error answers (the contract's, src/shared/api/errors.ts): those of every save and submit of a draft. */
type SaveError<Code extends ErrorCodeOf<typeof saveAndContinue>> = ErrorDataOf<typeof saveAndContinue, Code>;

/**
 * What the server says when a save changes the phone saved in the draft (409 phone_change_code_sent):
 * where the code went, for how long it holds, and when another may be sent.
 */
export type PhoneConfirmation = SaveError<'phone_change_code_sent'>['phone_confirmation'];

export interface PhoneCodeRequest extends PhoneConfirmation {
  /** The server's words: where the code went. */
  message: string;
  /** Why the last code was refused, if it was. */
  error: string;
  answer: (code: string | null) => void;
}

function confirmationOf(failure: unknown): PhoneConfirmation | undefined {
  const { code, data } = (failure ?? {}) as Partial<ApiFailure>;
  const asked = (data as Partial<SaveError<'phone_change_code_sent'>> | undefined)?.phone_confirmation;
  return code === 409 && asked && typeof asked.challenge_id === 'string' ? asked : undefined;
}

const wrongCode = (failure: unknown) => {
  const { code, data } = (failure ?? {}) as Partial<ApiFailure>;
  const errors = (data as Partial<SaveError<'wrong_code'>> | undefined)?.errors ?? [];
  return code === 422 && errors.some((e) => e.path === '/phone_code/code');
};

/**
 * A save that changes the phone saved in the draft needs the code the server sends to the new number:
 * `withPhoneCode(call)` makes the call, and if the server asks for that code, asks the applicant
 * (`request`, shown by PhoneCodeDialog) and makes the call again with it, until it is right or the
 * applicant cancels (then the first refusal is the answer, and nothing was saved).
 */
export function usePhoneConfirmation() {
  const [request, setRequest] = useState<PhoneCodeRequest | null>(null);

  const ask = (confirmation: PhoneConfirmation, message: string, error: string) =>
    new Promise<string | null>((resolve) =>
      setRequest({
        ...confirmation,
        message,
        error,
        answer: (code) => {
          setRequest(null);
          resolve(code);
        },
      }),
    );

  const withPhoneCode = useCallback(async <T>(call: (phoneCode?: PhoneCode) => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (failure) {
      const confirmation = confirmationOf(failure);
      if (!confirmation) throw failure;
      const message = (failure as ApiFailure).message;
      let error = '';
      for (;;) {
        const code = await ask(confirmation, message, error);
        if (code === null) throw failure;
        try {
          return await call({ challenge_id: confirmation.challenge_id, code });
        } catch (again) {
          if (!wrongCode(again)) throw again;
          error = (again as ApiFailure).message;
        }
      }
    }
  }, []);

  return { request, withPhoneCode };
}
