import type { TCharacterSummary, TMediaItem } from '@ss/protocol';
import type { TopSuspectItem } from './TopSuspects';

/** A 400 x 300 placeholder picture (captioned 'Evidence Photo' unless named), drawn locally: demos call no server. */
export function placeholderImage(label = 'Evidence Photo', hue = 35): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="hsl(${hue} 35% 82%)"/><rect x="16" y="16" width="368" height="268" fill="none" stroke="hsl(${hue} 30% 35%)" stroke-width="4" stroke-dasharray="10 6"/><text x="200" y="160" font-family="Courier New, monospace" font-size="24" text-anchor="middle" fill="hsl(${hue} 40% 20%)">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function media(caption: string, alt: string, hue: number): TMediaItem {
  return { url: placeholderImage(caption, hue), caption, alt, type: 'image' };
}

function character(id: string, name: string, profession: string, hue: number): TCharacterSummary {
  return { id, name, profession, imageUrl: placeholderImage(name.split(' ')[0], hue), imageAlt: `Portrait of ${name}` };
}

export interface DemoPlayer {
  id: string;
  displayName: string;
  character: TCharacterSummary;
  voteLost: boolean;
  isKiller: boolean;
}

export const DEMO_PLAYERS: DemoPlayer[] = [
  { id: 'p1', displayName: 'Alice', character: character('c1', 'Margaret Hale', 'Postmistress', 20), voteLost: true, isKiller: false },
  { id: 'p2', displayName: 'Ben', character: character('c2', 'Nigel Ashdown', 'Estate Agent', 200), voteLost: true, isKiller: true },
  { id: 'p3', displayName: 'Chloe', character: character('c3', 'Sid Varley', 'Eel-catcher', 120), voteLost: true, isKiller: false },
  { id: 'p4', displayName: 'Dev', character: character('c4', 'Inspector Wren', 'Detective Inspector', 260), voteLost: false, isKiller: false },
  { id: 'p5', displayName: 'Emma', character: character('c5', 'Dr Mistry', 'Village Doctor', 300), voteLost: false, isKiller: false },
  { id: 'p6', displayName: 'Finn', character: character('c6', 'Tom Rudd', 'Gardener', 80), voteLost: false, isKiller: false },
];

export const DEMO_TOP_SUSPECTS: TopSuspectItem[] = [
  {
    playerId: 'p2',
    playerName: 'Ben',
    character: DEMO_PLAYERS[1]!.character,
    voteCount: 4,
    rank: 1,
    searchWarrantEvidence: [
      media('Muddy brogues', 'A pair of brown brogues caked in pale mud from the lane.', 200),
      media('Pill bottle', 'An empty prescription bottle with the label torn off.', 210),
    ],
  },
  {
    playerId: 'p1',
    playerName: 'Alice',
    character: DEMO_PLAYERS[0]!.character,
    voteCount: 3,
    rank: 2,
    searchWarrantEvidence: [media('Steamed letter', 'An envelope that has been opened over steam and resealed.', 20)],
  },
  { playerId: 'p3', playerName: 'Chloe', character: DEMO_PLAYERS[2]!.character, voteCount: 2, rank: 3, searchWarrantEvidence: [] },
];

export const DEMO_KILLER_STORY =
  'Nigel Ashdown had been bleeding the estate for two years. When Ambrose found the cheques, Nigel laced his hip flask, waited by the jetty, and held him under the water.';
