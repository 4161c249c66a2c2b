import { useState } from 'react';
import { Eye, UserMinus, UserPlus } from 'lucide-react';
import type { TCharacterCard, TPublicPlayer } from '@ss/protocol';
import { Badge, Button, ConfirmDialog, Dialog, DialogContent, DialogTrigger } from '../../components/ui';
import { cn } from '../../lib/cn';

export interface CharacterCardProps {
  character: TCharacterCard;
  holder: TPublicPlayer | null;
  unassignedPlayers: TPublicPlayer[];
  onAssign: (playerId: string) => Promise<void>;
  onUnassign: (playerId: string) => Promise<void>;
  disabled?: boolean;
}

export function CharacterCard({ character, holder, unassignedPlayers, onAssign, onUnassign, disabled }: CharacterCardProps) {
  const [choice, setChoice] = useState<string>('');
  const radioName = `assign-${character.id}`;

  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-ink-800/90',
        holder ? 'border-moss-300/40' : 'border-ink-600',
      )}
      data-testid="character-card"
      data-character-id={character.id}
    >
      <div className="flex gap-3 p-3">
        <img
          src={character.imageUrl}
          alt={character.imageAlt || character.name}
          className="size-20 shrink-0 rounded-lg bg-ink-700 object-cover"
          loading="lazy"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-display text-lg leading-tight font-bold text-paper-50">{character.name}</h3>
          <p className="text-sm text-paper-300">{character.profession}</p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {character.essential ? (
              <Badge variant="lamp" title="Needed at every table size: deal these first">
                Essential
              </Badge>
            ) : null}
            {holder ? (
              <Badge variant="success" data-testid="assigned-to">
                Assigned to {holder.displayName}
              </Badge>
            ) : (
              <Badge variant="muted">Available</Badge>
            )}
          </div>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-ink-600 p-3">
        {holder ? (
          <ConfirmDialog
            title={`Unassign ${character.name}?`}
            description={`${holder.displayName} will no longer play ${character.name}.`}
            confirmLabel="Unassign"
            confirmVariant="danger"
            onConfirm={() => onUnassign(holder.id)}
            trigger={
              <Button variant="secondary" disabled={disabled} className="flex-1">
                <UserMinus aria-hidden className="size-4" /> Unassign
              </Button>
            }
          />
        ) : (
          <ConfirmDialog
            title={`Assign ${character.name}`}
            description={
              unassignedPlayers.length > 0
                ? `Choose the player who will play ${character.name}.`
                : 'Every player already has a character. Unassign one first, or wait for more players to join.'
            }
            confirmLabel="Assign"
            confirmDisabled={!choice}
            onOpenChange={(open) => !open && setChoice('')}
            onConfirm={() => onAssign(choice)}
            trigger={
              <Button disabled={disabled} className="flex-1">
                <UserPlus aria-hidden className="size-4" /> Assign Player
              </Button>
            }
          >
            {unassignedPlayers.length > 0 ? (
              <fieldset className="flex max-h-64 flex-col gap-1 overflow-y-auto">
                <legend className="sr-only">Player</legend>
                {unassignedPlayers.map((p) => (
                  <label
                    key={p.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-ink-600 px-3 has-[:checked]:border-lamp-400 has-[:checked]:bg-lamp-400/10"
                  >
                    <input
                      type="radio"
                      name={radioName}
                      value={p.id}
                      checked={choice === p.id}
                      onChange={() => setChoice(p.id)}
                      className="size-5 accent-lamp-400"
                    />
                    <span className="text-paper-50">{p.displayName}</span>
                    {p.isHost ? <Badge variant="lamp">Host</Badge> : null}
                  </label>
                ))}
              </fieldset>
            ) : null}
          </ConfirmDialog>
        )}
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="ghost" className="flex-1">
              <Eye aria-hidden className="size-4" /> View Details
            </Button>
          </DialogTrigger>
          <DialogContent title={character.name} description={`${character.profession} · ${character.role}`}>
            <div className="flex flex-col gap-4 text-paper-200">
              <img
                src={character.imageUrl}
                alt={character.imageAlt || character.name}
                className="max-h-72 w-full rounded-lg bg-ink-700 object-contain"
              />
              <p className="text-sm text-paper-300">
                {character.gender} · {character.age} years · {character.height}
              </p>
              <p>{character.description}</p>
              <p className="text-sm text-paper-300">{character.appearance}</p>
              {/* Public fields only: the host plays too, so another seat's backstory stays with its player. */}
            </div>
          </DialogContent>
        </Dialog>
      </div>
    </li>
  );
}
