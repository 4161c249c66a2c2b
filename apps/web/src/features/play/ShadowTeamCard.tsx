import { Moon } from 'lucide-react';
import type { TShadowTeam } from '@ss/protocol';

/** The Shadow side's secret, on a Shadow's own phone only: who the killer is and who else is on the team. */
export function ShadowTeamCard({ team }: { team: TShadowTeam }) {
  return (
    <section aria-labelledby="shadow-team-title" className="rounded-xl border-2 border-blood-400/60 bg-blood-400/10 p-5" data-testid="shadow-team">
      <h2 id="shadow-team-title" className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
        <Moon aria-hidden className="size-6 text-blood-300" /> Your Shadow team
      </h2>
      <p className="mt-1 text-sm font-semibold text-blood-300">For your eyes only. Never show your screen.</p>
      <div className="mt-3 flex flex-col gap-2 text-paper-200">
        {team.youAreTheKiller ? (
          <p data-testid="shadow-killer">
            <strong className="text-paper-50">You are the killer.</strong> The Shadows below know it and will cover for you.
          </p>
        ) : (
          <p data-testid="shadow-killer">
            The killer is <strong className="text-paper-50">{team.killer.name}</strong>, played by {team.killer.playerName}. Protect them.
          </p>
        )}
        {team.shadows.length > 0 ? (
          <>
            <p>{team.youAreTheKiller ? 'Your Shadows:' : 'The other Shadows:'}</p>
            <ul className="ml-5 list-disc" data-testid="shadow-teammates">
              {team.shadows.map((s) => (
                <li key={s.characterId}>
                  <strong className="text-paper-50">{s.name}</strong>, played by {s.playerName}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>No other Shadow at this table: you are on your own.</p>
        )}
      </div>
    </section>
  );
}
