import type { CustomValidator } from '@rjsf/utils';
import { hiddenTextPaths } from '../../../shared/hidden-characters';
import { pointerParts } from '../../forms/field-paths';

interface ErrorNode {
  addError?: (message: string) => void;
  [child: string]: unknown;
}

/**
 * The server's refusal of control, bidi and zero-width characters (src/shared/hidden-characters.ts;
 * line breaks only in textareas, as the step's ui schema says), before anything is sent: each text
 * holding one gets `message`; then the step's own custom validation, if any.
 */
export function hiddenTextValidator(message: string, then?: CustomValidator): CustomValidator {
  return (data, errors, uiSchema) => {
    for (const path of hiddenTextPaths(data, '', uiSchema as Record<string, unknown> | undefined)) {
      let node = errors as unknown as ErrorNode | undefined;
      for (const part of pointerParts(path)) node = node?.[part] as ErrorNode | undefined;
      node?.addError?.(message);
    }
    return then ? then(data, errors, uiSchema) : errors;
  };
}
