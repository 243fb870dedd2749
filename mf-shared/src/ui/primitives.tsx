import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Phrases, phraseAttrs } from './phrases';
import { theme as tokens, visuallyHidden } from './theme';

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 2 }) => theme.spacing($gap)};
`;

/**
 * A card: a surface lifted a little off the page. Its heading first, then the figure the member
 * came for (`KeyFigure`), then what to do (an `Actions` row of buttons or a button link).
 */
export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.elevation.card};
  padding: ${({ theme }) => theme.spacing(2)};
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { padding: ${theme.spacing(3)}; }`}
`;

// Headings and labels read the tokens directly: they render even outside a ThemeProvider.
export const Heading = styled.h1.attrs(phraseAttrs)`
  font-size: ${tokens.fontSizes.xxl};
  line-height: ${tokens.lineHeights.heading};
  margin: 0;
`;

export const SectionHeading = styled.h2.attrs(phraseAttrs)`
  font-size: ${tokens.fontSizes.lg};
  line-height: ${tokens.lineHeights.heading};
  margin: 0 0 ${({ theme }) => theme.spacing(1)};
`;

export const Text = styled.p.attrs(phraseAttrs)<{ $muted?: boolean }>`
  margin: 0;
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : theme.colors.text)};
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

type ButtonVariant = 'primary' | 'secondary' | 'text';

const buttonStyles = css<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(1)};
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.spacing(1, 2.5)};
  border-radius: ${({ theme }) => theme.radius};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? `background: ${theme.colors.primary}; color: ${theme.colors.onPrimary};`
      : $variant === 'secondary'
        ? `background: ${theme.colors.surface}; color: ${theme.colors.primary};`
        : `background: transparent; color: ${theme.colors.primary}; border-color: transparent;`}
  &:hover:not(:disabled) {
    filter: brightness(0.92);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const StyledButton = styled.button<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;

export const ButtonLinkStyle = styled.a.attrs(phraseAttrs)<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  /** Disables the button and tells assistive technology it is working. */
  busy?: boolean;
}

export function Button({ variant = 'primary', block, busy, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $block={block}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-phrases=""
      {...rest}
    >
      <Phrases>{children}</Phrases>
    </StyledButton>
  );
}

/** The parts every labelled control is built from (TextField, Select, DatePicker, …). */
export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
`;

export const Label = styled.label.attrs(phraseAttrs)`
  font-weight: ${tokens.fontWeights.bold};
  font-size: ${tokens.fontSizes.label};
`;

export const Hint = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.hint};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Input = styled.input<{ $invalid: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.spacing(1, 1.5)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  width: 100%;
  font-size: ${({ theme }) => theme.fontSizes.body};
`;

export const FieldErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
}

/** What a labelled control needs from its field: its id and what describes it. */
export interface FieldControlProps {
  id: string;
  $invalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The frame every labelled control shares: the label (with （任意）), a hint and an error read
 * out with the control (aria-describedby). The control itself is rendered by `children`.
 */
export function LabelledField({ label, hint, error, optional, children }: LabelledFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Field>
      <Label htmlFor={id}>
        {label}
        {optional ? <Hint>（任意）</Hint> : null}
      </Label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {children({
        id,
        $invalid: Boolean(error),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {error ? (
        <FieldErrorText id={errorId} role="alert">
          {error}
        </FieldErrorText>
      ) : null}
    </Field>
  );
}

/** A labelled input whose hint and error are read out with it (aria-describedby). */
export function TextField({ label, hint, error, optional, ...rest }: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} optional={optional}>
      {(control) => <Input {...control} {...rest} />}
    </LabelledField>
  );
}

const Area = styled.textarea<{ $invalid: boolean }>`
  min-height: 10rem;
  padding: ${({ theme }) => theme.spacing(1, 1.5)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  width: 100%;
  font: inherit;
  line-height: 1.6;
  resize: vertical;
`;

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
}

/** A labelled multi-line field (a body, an answer) whose hint and error are read out with it. */
export function TextAreaField({ label, hint, error, optional, ...rest }: TextAreaFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} optional={optional}>
      {(control) => <Area {...control} {...rest} />}
    </LabelledField>
  );
}

export const FormError = styled.div.attrs({ role: 'alert' })`
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerLight};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const pulse = keyframes`
  0% { opacity: 0.55; }
  50% { opacity: 1; }
  100% { opacity: 0.55; }
`;

/**
 * A short label beside a title: an announcement's category, 未読, 応募受付中. In the main module, not
 * the widgets: home shows it and loads no widget otherwise (issue 27's script budget).
 */
export const Badge = styled.span<{ $tone?: 'accent' | 'muted' }>`
  display: inline-block;
  padding: ${({ theme }) => theme.spacing(0.25, 1)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  font-weight: 700;
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.danger : theme.colors.primaryLight)};
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.surface : theme.colors.primaryDark)};
`;

export const Skeleton = styled.div<{ $height?: number }>`
  height: ${({ $height = 48 }) => `${$height}px`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** A loading placeholder that says what is loading to screen readers. */
export function LoadingSkeleton({ label = '読み込み中', rows = 3 }: { label?: string; rows?: number }) {
  return (
    <Stack $gap={1} role="status" aria-live="polite">
      <VisuallyHidden>{label}…</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} aria-hidden="true" />
      ))}
    </Stack>
  );
}

const EmptyBox = styled.div`
  padding: ${({ theme }) => theme.spacing(4, 2)};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyBox>
      <Text as="p" style={{ fontWeight: 700 }}>
        {title}
      </Text>
      {children ? <Text $muted>{children}</Text> : null}
    </EmptyBox>
  );
}

/**
 * A list without bullets: rows divided by a line, or, with `$gap`, items spaced apart (a column of
 * links or cards) and no lines. A list laid out otherwise (a grid, a wrapping row) extends it.
 */
export const List = styled.ul<{ $gap?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  ${({ theme, $gap }) =>
    $gap === undefined
      ? css`
          & > li + li {
            border-top: 1px solid ${theme.colors.border};
          }
        `
      : css`
          display: flex;
          flex-direction: column;
          gap: ${theme.spacing($gap)};
        `}
`;

const FigureBox = styled.p`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.25)};
`;

const FigureLabel = styled.span.attrs(phraseAttrs)`
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const FigureValue = styled.span<{ $size: 'display' | 'xl' }>`
  font-size: ${({ theme, $size }) => theme.fontSizes[$size]};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
  small {
    margin-left: ${({ theme }) => theme.spacing(0.5)};
    font-size: ${({ theme }) => theme.fontSizes.body};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

export interface KeyFigureProps {
  /** What the figure is (コイン, 今日の歩数). */
  label: ReactNode;
  /** The figure itself, formatted (1,250). */
  value: ReactNode;
  /** Its unit, smaller beside it (コイン, pt, 歩). */
  unit?: ReactNode;
  /** `xl` where several figures stand side by side. */
  size?: 'display' | 'xl';
  id?: string;
}

/** The figure a card is about, large, with its label above and its unit beside it: read first. */
export function KeyFigure({ label, value, unit, size = 'display', id }: KeyFigureProps) {
  return (
    <FigureBox id={id}>
      <FigureLabel>{label}</FigureLabel>
      <FigureValue $size={size}>
        {value}
        {unit ? <small>{unit}</small> : null}
      </FigureValue>
    </FigureBox>
  );
}
