import { lazy, Suspense } from 'react';
import { ADDITIONAL_PROPERTY_FLAG, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';

const MuiWrapIfAdditional = lazy(() => import('@rjsf/mui/lib/WrapIfAdditionalTemplate/WrapIfAdditionalTemplate.js'));

/**
 * Stands in for @rjsf/mui's WrapIfAdditionalTemplate (vite.config.ts swaps it in for @rjsf/mui only):
 * around every field, a plain `<div>` as that one draws; only around a property a schema lets the
 * applicant name (`additionalProperties`, which no form of ours has yet) it is @rjsf/mui's own, loaded
 * then: its MUI TextField for the name brought MUI's TextField, Select, Menu, Popover and Modal onto
 * the wizard's first step.
 */
export default function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { children, classNames, style, schema } = props;
  const plain = (
    <div className={classNames} style={style}>
      {children}
    </div>
  );
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return plain;
  return (
    <Suspense fallback={plain}>
      <MuiWrapIfAdditional {...props} />
    </Suspense>
  );
}
