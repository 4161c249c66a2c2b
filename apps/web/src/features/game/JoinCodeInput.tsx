import { forwardRef, type InputHTMLAttributes } from 'react';
import { JOIN_CODE_LENGTH } from '@ss/protocol';
import { Input } from '../../components/ui';

export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, JOIN_CODE_LENGTH);
}

type JoinCodeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Called with the code as typed, without spaces, in capitals, at most six characters. */
  onCodeChange: (code: string) => void;
};

/** The room code field of the join and rejoin forms: large typewriter capitals, no autocorrect. */
export const JoinCodeInput = forwardRef<HTMLInputElement, JoinCodeInputProps>(function JoinCodeInput(
  { onCodeChange, ...rest },
  ref,
) {
  return (
    <Input
      ref={ref}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={JOIN_CODE_LENGTH}
      className="typewriter text-center text-2xl tracking-[0.4em] uppercase"
      onChange={(e) => onCodeChange(normaliseCode(e.target.value))}
      {...rest}
    />
  );
});
