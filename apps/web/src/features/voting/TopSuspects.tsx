import { ShieldOff, Search } from 'lucide-react';
import type { TCharacterSummary, TMediaItem } from '@ss/protocol';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '../../components/ui';
import { MediaGallery } from '../media/MediaGallery';
import { DEFAULT_PROFESSION } from '../play/lines';

/** A top suspect as the card shows it (all of it is in the pushed view; see topSuspectsFromView). */
export interface TopSuspectSummary {
  playerId: string;
  playerName: string;
  character: TCharacterSummary | null;
  voteCount: number;
  rank: number;
}

/** A top suspect with what the police found at their home (only the REST results carry the finds). */
export interface TopSuspectItem extends TopSuspectSummary {
  searchWarrantEvidence: readonly TMediaItem[];
}

export const NO_EVIDENCE = 'No physical evidence found during property search';

/** The top 3 with rank, name, profession, votes and the 'No Final Vote' badge (also used by the demo pages). */
export function TopSuspectsCard({ suspects }: { suspects: readonly TopSuspectSummary[] }) {
  return (
    <Card data-testid="top-suspects">
      <CardHeader>
        <CardTitle>Top 3 Suspects</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-2">
          {suspects.map((s) => (
            <li key={s.playerId} className="flex items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 p-3" data-testid="top-suspect">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-lamp-400 font-display text-xl font-bold text-ink-950">
                <span className="sr-only">Rank </span>
                {s.rank}
              </span>
              {s.character ? <img src={s.character.imageUrl} alt="" className="size-11 shrink-0 rounded-full bg-paper-100 object-cover" /> : null}
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-paper-50">
                  {s.character?.name ?? s.playerName} <span className="font-normal text-paper-300">({s.playerName})</span>
                </p>
                <p className="text-sm break-words text-paper-300">{s.character?.profession || DEFAULT_PROFESSION}</p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  <Badge variant="lamp">
                    {s.voteCount} vote{s.voteCount === 1 ? '' : 's'}
                  </Badge>
                  <Badge variant="danger">
                    <ShieldOff aria-hidden className="size-3" /> No Final Vote
                  </Badge>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

export function ConsequencesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Investigation Consequences</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-paper-200">
        <p>The three players with the most votes are now the prime suspects. They lose their vote in the final accusation.</p>
        <p>The police have served a search warrant on each of their homes. Study what was found before you name the killer.</p>
        <p>Each suspect may give an optional 2-minute defence before the final vote.</p>
      </CardContent>
    </Card>
  );
}

export function SearchWarrantEvidence({ suspects }: { suspects: readonly TopSuspectItem[] }) {
  return (
    <section aria-labelledby="warrant-title" className="flex flex-col gap-3">
      <h2 id="warrant-title" className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
        <Search aria-hidden className="size-6 text-lamp-400" /> Search Warrant Evidence
      </h2>
      {suspects.map((s) => (
        <Card key={s.playerId} data-testid="warrant">
          <CardHeader>
            <CardTitle className="text-lg">
              {s.rank}. {s.character?.name ?? s.playerName}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <MediaGallery items={s.searchWarrantEvidence} label={`Evidence found at ${s.character?.name ?? s.playerName}'s property`} empty={NO_EVIDENCE} />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
