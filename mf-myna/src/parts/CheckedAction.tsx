import { Actions, Button } from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState, type ReactNode } from 'react';

/**
 * A step the member confirms with a checkbox before its button acts (agreeing to the terms,
 * removing the imported data): the button says what is missing instead of acting unchecked.
 */
export function CheckedAction({
  label,
  missingMessage,
  action,
  busy,
  onAct,
  children,
}: {
  /** What ticking the box confirms. */
  label: string;
  /** Shown at the checkbox when the button is pressed unticked. */
  missingMessage: string;
  /** The button's text. */
  action: string;
  busy: boolean;
  onAct: () => void;
  /** Beside the button (a way back). */
  children?: ReactNode;
}) {
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState(false);
  return (
    <>
      <Checkbox
        label={label}
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          setMissing(false);
        }}
        error={missing ? missingMessage : undefined}
      />
      <Actions>
        <Button busy={busy} onClick={() => (checked ? onAct() : setMissing(true))}>
          {action}
        </Button>
        {children}
      </Actions>
    </>
  );
}
