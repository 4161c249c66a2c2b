import type { TPublicPlayer } from '@ss/protocol';
import { DEFAULT_PROFESSION } from '../play/lines';

/**
 * Character name with the player's display name, and the profession (default 'Village Resident'). Long names and
 * professions wrap inside their card (never widening the screen), so every name stays fully readable.
 */
export function PlayerLabel({ player, you }: { player: TPublicPlayer; you?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      {player.character ? (
        <img src={player.character.imageUrl} alt="" className="size-11 shrink-0 rounded-full bg-paper-100 object-cover" />
      ) : (
        <span aria-hidden className="size-11 shrink-0 rounded-full bg-ink-600" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words text-paper-50" data-testid="player-name">
          {player.character?.name ?? player.displayName}
          {player.character ? <span className="font-normal text-paper-300"> ({player.displayName})</span> : null}
          {you ? <span className="font-normal text-lamp-200"> · you</span> : null}
        </span>
        <span className="block text-sm break-words text-paper-300">{player.character?.profession || DEFAULT_PROFESSION}</span>
      </span>
    </span>
  );
}
