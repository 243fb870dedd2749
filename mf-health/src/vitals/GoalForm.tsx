import { Button, FieldList, FormError, Stack, useContractForm, type FieldSpec, loadHealthContract } from '@sukoyaka/shared';
import { useState } from 'react';
import { useSaveVitalGoals } from './api/save-vital-goals';
import type { VitalsSummary } from './api/get-vitals-summary';
import { Success } from './VitalForm';

const stepGoalField = [
  { name: 'dailySteps', label: '1日の目標歩数', unit: '歩', type: 'number', inputMode: 'numeric', min: 1000, max: 50000, optional: true },
] as const satisfies readonly FieldSpec[];
const weightGoalField = [
  {
    name: 'targetWeight',
    label: '目標体重',
    unit: 'kg',
    type: 'number',
    inputMode: 'decimal',
    min: 20,
    max: 300,
    step: 0.1,
    optional: true,
  },
] as const satisfies readonly FieldSpec[];

const toNumber = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * Sets one goal: the daily step goal (steps page) or the target weight (weight page). The call
 * takes both and clears one left out, so the other is sent as it is. Empty clears the goal.
 */
export function GoalForm({ goal, goals }: { goal: 'dailySteps' | 'targetWeight'; goals: VitalsSummary['goals'] }) {
  const fields = goal === 'dailySteps' ? stepGoalField : weightGoalField;
  const [value, setValue] = useState(() => (goals[goal] === null ? '' : String(goals[goal])));
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    loadSchema: () => loadHealthContract().then(({ vitalGoalsInput }) => vitalGoalsInput),
    mutation: useSaveVitalGoals(),
    onSuccess: () => setSaved(true),
  });
  const formProps = form.formProps(() => {
    setSaved(false);
    return { ...goals, [goal]: toNumber(value) };
  });
  return (
    <form {...formProps} aria-label={goal === 'dailySteps' ? '目標歩数の設定' : '目標体重の設定'}>
      <Stack $gap={2}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <FieldList
          fields={fields as readonly FieldSpec[]}
          values={{ [goal]: value }}
          errors={form.errors}
          onChange={(_name, next) => setValue(next)}
        />
        <div>
          <Button type="submit" variant="secondary" busy={form.isPending}>
            {form.isPending ? '保存しています…' : '目標を保存する'}
          </Button>
        </div>
        <div aria-live="polite">{saved ? <Success>目標を保存しました。</Success> : null}</div>
      </Stack>
    </form>
  );
}
