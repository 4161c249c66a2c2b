import { forwardRef, type InputHTMLAttributes } from 'react';
import { DISPLAY_NAME_MAX } from '@ss/protocol';
import { Field, Input, LengthHint } from './ui';

type DisplayNameFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (name: string) => void;
};

/** A display name with its running "n / 24 characters" count: the join, rejoin and host sign-up forms. */
export const DisplayNameField = forwardRef<HTMLInputElement, DisplayNameFieldProps>(function DisplayNameField(
  { id, label, value, onValueChange, ...rest },
  ref,
) {
  return (
    <Field id={id} label={label}>
      <Input
        ref={ref}
        id={id}
        name="displayName"
        autoComplete="nickname"
        aria-describedby={`${id}-length`}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...rest}
      />
      <LengthHint id={`${id}-length`} value={value} max={DISPLAY_NAME_MAX} />
    </Field>
  );
});
