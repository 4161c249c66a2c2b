import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import type { TStoryline } from '@ss/protocol';
import type { z } from 'zod';
import type { ZUserPurchase } from '@ss/protocol';
import { Button, ButtonLink, Checkbox } from '../../components/ui';
import { useCreateGame } from '../game/useCreateGame';
import { formatPrice, playerRange } from '../storylines/format';
import { formatDate } from './GameRow';
import { cn } from '../../lib/cn';
import { useSessionStore } from '../../store/session';
import { HostGuideButton } from '../host-kit/HostGuideButton';
import { CaseChoice, SURPRISE_ME, caseNumberOf } from './CaseChoice';

type UserPurchase = z.infer<typeof ZUserPurchase>;

/**
 * A storyline the host can run, with Create Game and the testing-mode option. Purchased storylines list their
 * purchases; others also offer Purchase & Play (the server decides whether a game may be created: purchase,
 * free tier or admin).
 */
export function CreateGameCard({ storyline, purchases, highlight }: { storyline: TStoryline; purchases?: UserPurchase[]; highlight?: boolean }) {
  const owned = Boolean(purchases && purchases.length > 0);
  const admin = useSessionStore((s) => s.user?.admin === true);
  // Create Game only where it can succeed: a purchase, a free storyline, or an admin (who may host anything).
  const canCreate = owned || storyline.price === 0 || admin;
  const [testing, setTesting] = useState(false);
  const [chosenCase, setChosenCase] = useState(SURPRISE_ME);
  const { create: createGame, busy } = useCreateGame();
  const id = useId();
  const create = () => createGame(storyline.id, testing, caseNumberOf(chosenCase));

  return (
    <li
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-ink-800/90 sm:flex-row', highlight ? 'border-lamp-400 ring-2 ring-lamp-400/50' : 'border-ink-600')}
      data-testid="create-game-card"
    >
      {storyline.imageUrl ? (
        <img src={storyline.imageUrl} alt={storyline.imageAlt || ''} className="aspect-[16/9] w-full object-cover sm:w-48" loading="lazy" />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-display text-lg font-bold text-paper-50">{storyline.title}</h3>
          <p className="text-sm text-paper-300">
            {playerRange(storyline.minPlayers, storyline.maxPlayers)} · {storyline.duration}
          </p>
          {purchases?.map((p) => (
            <p key={p.id} className="mt-1 text-sm text-moss-300">
              Purchased {formatDate(p.purchasedAt)} · {p.tierName} · {formatPrice(p.amountPaidCents)} · up to{' '}
              {p.characterLimit} characters
            </p>
          ))}
        </div>
        {canCreate && storyline.caseCount > 1 ? <CaseChoice storyline={storyline} value={chosenCase} onChange={setChosenCase} /> : null}
        {canCreate ? (
        <div className="flex items-center gap-3">
          <Checkbox id={`${id}-testing`} checked={testing} onCheckedChange={(v) => setTesting(v === true)} />
          <label htmlFor={`${id}-testing`} className="text-sm text-paper-200">
            Testing mode <span className="text-paper-400">(daily suspect tracker and feedback)</span>
          </label>
        </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canCreate ? (
            <Button onClick={create} disabled={busy} aria-busy={busy} variant={owned ? 'primary' : 'secondary'}>
              <Plus aria-hidden className="size-4" />
              {busy ? 'Creating…' : 'Create Game'}
            </Button>
          ) : null}
          {canCreate ? <HostGuideButton storylineId={storyline.id} /> : null}
          {!owned ? <ButtonLink to={`/storyline/${encodeURIComponent(storyline.id)}`}>Purchase &amp; Play</ButtonLink> : null}
        </div>
      </div>
    </li>
  );
}
