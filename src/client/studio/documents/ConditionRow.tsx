import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AnswerCondition } from '../../../shared/forms';
import { inLanguage } from '../form-texts';
import { useLanguage } from '../use-language';
import { NumberInput } from '../editor/NumberInput';
import {
  firstValue,
  fits,
  isNumeric,
  OPERATORS,
  operatorOf,
  withComparison,
  type AnswerChoice,
  type Operator,
} from './document-body';

interface ConditionRowProps {
  id: string;
  number: number;
  condition: AnswerCondition;
  answers: AnswerChoice[];
  onChange: (next: AnswerCondition) => void;
  onRemove: () => void;
}

/** "<answer> <comparison> <value>": the value is picked for yes/no and list answers, typed for the rest. */
export function ConditionRow({ id, number, condition, answers, onChange, onRemove }: ConditionRowProps) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const op = operatorOf(condition);
  const value: unknown = op ? condition[op] : condition.oneOf;
  const choice = answers.find((a) => a.answer === condition.answer);
  const question = choice?.question;
  const operatorWords: Record<Operator, string> = {
    equals: t('documents.op_equals'),
    notEquals: t('documents.op_not_equals'),
    above: t('documents.op_above'),
    atLeast: t('documents.op_at_least'),
    below: t('documents.op_below'),
    atMost: t('documents.op_at_most'),
  };
  const pickAnswer = (answer: string) =>
    onChange(withComparison(answer, 'equals', firstValue(answers.find((a) => a.answer === answer))));
  // From a number to "is" on a yes/no or list answer: its first answer, not a number it can never be.
  const pickOperator = (next: Operator) =>
    onChange(
      withComparison(condition.answer, next, isNumeric(next) || fits(choice, value) ? value : firstValue(choice)),
    );
  const setValue = (next: unknown) => op && onChange(withComparison(condition.answer, op, next));

  let valueInput;
  const valueLabel = t('documents.condition_value', { number });
  if (!op) valueInput = <TextField id={`${id}-value`} label={valueLabel} value={JSON.stringify(value)} disabled />;
  else if (!isNumeric(op) && question?.type === 'yes_no')
    valueInput = (
      <TextField
        id={`${id}-value`}
        select
        label={valueLabel}
        value={String(value)}
        onChange={(event) => setValue(event.target.value === 'true')}
        slotProps={{ select: { native: true } }}
        sx={{ flex: 1 }}
      >
        <option value="true">{t('editor.answer_yes')}</option>
        <option value="false">{t('editor.answer_no')}</option>
      </TextField>
    );
  else if (!isNumeric(op) && question?.type === 'choice')
    valueInput = (
      <TextField
        id={`${id}-value`}
        select
        label={valueLabel}
        value={String(value ?? '')}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ select: { native: true } }}
        sx={{ flex: 1 }}
      >
        {(question.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {inLanguage(option.label, language, option.value)}
          </option>
        ))}
      </TextField>
    );
  else if (isNumeric(op) || question?.type === 'number' || question?.type === 'whole_number')
    valueInput = (
      <NumberInput
        id={`${id}-value`}
        label={valueLabel}
        value={typeof value === 'number' ? value : undefined}
        onChange={(next) => setValue(next)}
      />
    );
  else
    valueInput = (
      <TextField
        id={`${id}-value`}
        label={valueLabel}
        value={typeof value === 'string' ? value : String(value ?? '')}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: 1 }}
      />
    );

  return (
    <Stack
      component="li"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { md: 'center' } }}
    >
      <TextField
        id={`${id}-answer`}
        select
        label={t('documents.condition_answer', { number })}
        value={condition.answer}
        onChange={(event) => pickAnswer(event.target.value)}
        slotProps={{ select: { native: true } }}
        sx={{ flex: 2 }}
      >
        {!choice && <option value={condition.answer}>{condition.answer}</option>}
        {answers.map((a) => (
          <option key={a.answer} value={a.answer}>
            {`${inLanguage(a.stepTitle, language, a.step)}: ${inLanguage(a.label, language, a.answer)} (${a.answer})`}
          </option>
        ))}
      </TextField>
      {op && (
        <TextField
          id={`${id}-op`}
          select
          label={t('documents.condition_op', { number })}
          value={op}
          onChange={(event) => pickOperator(event.target.value as Operator)}
          slotProps={{ select: { native: true } }}
          sx={{ flex: 1 }}
        >
          {OPERATORS.map((o) => (
            <option key={o} value={o}>
              {operatorWords[o]}
            </option>
          ))}
        </TextField>
      )}
      {valueInput}
      <Button color="error" onClick={onRemove} aria-label={t('documents.condition_remove', { number })}>
        {t('editor.remove')}
      </Button>
    </Stack>
  );
}
