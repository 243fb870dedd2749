import { useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Field, FieldErrorText, Hint, LabelledField } from '@sukoyaka/shared';

/*
 * The form controls besides TextField (primitives.tsx), built the same way: a visible label,
 * a hint and an error read out with the control (aria-describedby), 44 px touch targets.
 */

const focusRing = css`
  outline: 3px solid ${({ theme }) => theme.colors.focus};
  outline-offset: 2px;
`;

function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

// ------------------------------------------------------------------------------------- Select

const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath fill='%2357606a' d='M6 8 0 1.4 1.4 0 6 5.2 10.6 0 12 1.4z'/%3E%3C/svg%3E")`;

const StyledSelect = styled.select<{ $invalid: boolean }>`
  appearance: none;
  -webkit-appearance: none;
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.spacing(1, 5, 1, 1.5)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface} ${chevron} no-repeat right ${({ theme }) => theme.spacing(1.5)} center;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.body};
  cursor: pointer;
  &:focus-visible {
    ${focusRing}
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as 選択してください (value ""). */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
}

/** A labelled native select: the phone's own picker on mobile, arrow keys on desktop. */
export function Select({ label, options, placeholder, hint, error, optional, required, ...rest }: SelectProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <StyledSelect {...control} required={required} {...rest}>
          {placeholder !== undefined ? (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      )}
    </LabelledField>
  );
}

// ----------------------------------------------------------------------------------- Checkbox

const CheckRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(1)};
`;

/** Native checkboxes and radios, enlarged to a comfortable 24 px inside a 44 px tall row. */
const choiceInput = css`
  flex: none;
  width: 24px;
  height: 24px;
  margin: 10px 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  &:focus-visible {
    ${focusRing}
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

const CheckInput = styled.input`
  ${choiceInput}
`;

const ChoiceText = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  padding: 10px 0;
  line-height: 1.5;
`;

const ChoiceLabel = styled.label<{ $disabled?: boolean }>`
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.textMuted : theme.colors.text)};
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  /** A line under the label, read out with the checkbox. */
  description?: ReactNode;
  error?: string | undefined;
}

/** A labelled checkbox with an optional description and error. */
export function Checkbox({ label, description, error, disabled, ...rest }: CheckboxProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Field>
      <CheckRow>
        <CheckInput
          id={id}
          type="checkbox"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(descriptionId, errorId)}
          {...rest}
        />
        <ChoiceText>
          <ChoiceLabel htmlFor={id} $disabled={disabled}>
            {label}
          </ChoiceLabel>
          {description ? <Hint id={descriptionId}>{description}</Hint> : null}
        </ChoiceText>
      </CheckRow>
      {error ? (
        <FieldErrorText id={errorId} role="alert">
          {error}
        </FieldErrorText>
      ) : null}
    </Field>
  );
}

// --------------------------------------------------------------------------------- RadioGroup

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.spacing(0.5)};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.label};
`;

const RadioList = styled.div<{ $row: boolean }>`
  display: flex;
  flex-direction: column;
  ${({ theme, $row }) =>
    $row ? `@media (min-width: ${theme.breakpoints.sm}px) { flex-direction: row; flex-wrap: wrap; column-gap: ${theme.spacing(3)}; }` : ''}
`;

const RadioInput = styled.input`
  ${choiceInput}
`;

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: string;
  options: readonly RadioOption[];
  /** The radios' shared name; one is made up when not given. */
  name?: string;
  /** Controlled: the chosen value (use with onChange). */
  value?: string | null;
  /** Uncontrolled: the value chosen at first. */
  defaultValue?: string;
  onChange?: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  optional?: boolean;
  disabled?: boolean;
  /** Side by side from the sm breakpoint up (always stacked on phones). */
  inline?: boolean;
}

/**
 * Radios in a fieldset named by its legend. Native radios sharing a name: Tab enters the group
 * at the chosen one, the arrow keys move the choice.
 */
export function RadioGroup({
  legend,
  options,
  name,
  value,
  defaultValue,
  onChange,
  hint,
  error,
  required,
  optional,
  disabled,
  inline = false,
}: RadioGroupProps) {
  const id = useId();
  const groupName = name ?? id;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const controlled = value !== undefined;
  return (
    <Fieldset aria-describedby={describedBy(hintId, errorId)} disabled={disabled}>
      <Legend>
        {legend}
        {optional ? <Hint>（任意）</Hint> : null}
      </Legend>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <RadioList $row={inline}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          const descriptionId = option.description ? `${optionId}-description` : undefined;
          return (
            <CheckRow key={option.value}>
              <RadioInput
                id={optionId}
                type="radio"
                name={groupName}
                value={option.value}
                required={required}
                disabled={option.disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={descriptionId}
                {...(controlled ? { checked: value === option.value } : { defaultChecked: defaultValue === option.value })}
                onChange={(event) => {
                  if (event.target.checked) onChange?.(option.value);
                }}
              />
              <ChoiceText>
                <ChoiceLabel htmlFor={optionId} $disabled={disabled || option.disabled}>
                  {option.label}
                </ChoiceLabel>
                {option.description ? <Hint id={descriptionId}>{option.description}</Hint> : null}
              </ChoiceText>
            </CheckRow>
          );
        })}
      </RadioList>
      {error ? (
        <FieldErrorText id={errorId} role="alert">
          {error}
        </FieldErrorText>
      ) : null}
    </Fieldset>
  );
}

// --------------------------------------------------------------------------------------- Tabs

const TabList = styled.div`
  display: flex;
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  scrollbar-width: thin;
`;

const TabButton = styled.button<{ $selected: boolean }>`
  flex: 1 0 auto;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.spacing(1, 2)};
  border: none;
  border-bottom: 3px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.label};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

const TabPanel = styled.div`
  padding-top: ${({ theme }) => theme.spacing(2)};
  &:focus-visible {
    ${focusRing}
  }
`;

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for screen readers, e.g. 記録の種類. */
  label: string;
  tabs: readonly TabItem[];
  /** Controlled: the id of the shown tab (use with onSelect). */
  selectedId?: string;
  /** Uncontrolled: the tab shown first (default: the first). */
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
}

/**
 * The WAI-ARIA tabs pattern: one tab stop (roving tabindex); ←/→ move to the previous/next tab
 * (wrapping), Home/End to the first/last, and show it at once (automatic activation). Only the
 * shown panel's content is rendered.
 */
export function Tabs({ label, tabs, selectedId, defaultSelectedId, onSelect }: TabsProps) {
  const baseId = useId();
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId ?? tabs[0]?.id);
  const requested = selectedId ?? ownSelected;
  const current = tabs.some((tab) => tab.id === requested) ? requested : tabs[0]?.id;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (selectedId === undefined) setOwnSelected(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    const target = tabs[next];
    if (!target) return;
    event.preventDefault();
    select(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div>
      <TabList role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = tab.id === current;
          return (
            <TabButton
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              $selected={selected}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </TabButton>
          );
        })}
      </TabList>
      {tabs.map((tab) => {
        const selected = tab.id === current;
        return (
          <TabPanel key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} tabIndex={0} hidden={!selected}>
            {selected ? tab.content : null}
          </TabPanel>
        );
      })}
    </div>
  );
}
