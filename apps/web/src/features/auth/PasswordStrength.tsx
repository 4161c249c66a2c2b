import * as Progress from '@radix-ui/react-progress';
import { Check, Circle } from 'lucide-react';
import { PASSWORD_RULES, passwordStrength } from '@ss/protocol';
import { cn } from '../../lib/cn';

const TOTAL = PASSWORD_RULES.length;

/** Colour of the bar: green at 5 rules, yellow at 3 or more, else red. */
export function strengthTone(met: number): 'green' | 'yellow' | 'red' {
  if (met >= TOTAL) return 'green';
  if (met >= 3) return 'yellow';
  return 'red';
}

const toneClass = { green: 'bg-moss-300', yellow: 'bg-lamp-300', red: 'bg-blood-400' } as const;
const toneWord = { green: 'Strong', yellow: 'Fair', red: 'Weak' } as const;

export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const met = passwordStrength(password);
  const tone = strengthTone(met);
  return (
    <div id={id} className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <Progress.Root
          value={met}
          max={TOTAL}
          aria-label="Password strength"
          aria-valuetext={`${met} of ${TOTAL} requirements met`}
          className="relative h-2 flex-1 overflow-hidden rounded-full bg-ink-600"
          data-tone={tone}
          data-testid="password-strength"
        >
          <Progress.Indicator
            className={cn('h-full rounded-full transition-all', toneClass[tone])}
            style={{ width: `${(met / TOTAL) * 100}%` }}
          />
        </Progress.Root>
        <span className="w-28 text-right text-xs text-paper-300">
          {password ? `${toneWord[tone]} · ${met}/${TOTAL}` : `0/${TOTAL}`}
        </span>
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {PASSWORD_RULES.map((r) => {
          const ok = r.test(password);
          return (
            <li key={r.id} className={cn('flex items-center gap-2', ok ? 'text-moss-300' : 'text-paper-300')}>
              {ok ? <Check aria-hidden className="size-4" /> : <Circle aria-hidden className="size-3.5" />}
              <span>
                {r.label}
                <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const PASSWORD_HINT =
  'Passwords have at least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.';
