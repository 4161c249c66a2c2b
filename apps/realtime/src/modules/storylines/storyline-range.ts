import { MAX_DAYS, MIN_DAYS, type TStorylineContent } from '@ss/protocol';

/**
 * Whether a storyline's player range, pricing tiers, days and summary agree. A published storyline that
 * disagrees does not load; a coming-soon one loads as a draft, is reported, and is not sold for prepurchase.
 */
export interface RangeProblem {
  /** The field of storyline.json at fault. */
  field: string;
  message: string;
  /** A count no tier sells yet: incomplete rather than contradictory (a draft may still be sold for its tiers). */
  gap?: true;
}

/** The player range against the pricing tiers: each tier inside the range, unlocking enough characters, and the tiers covering every count once. */
export function rangeProblems(content: TStorylineContent): RangeProblem[] {
  const out: RangeProblem[] = [];
  const { minPlayers: min, maxPlayers: max } = content;
  if (min > max) {
    out.push({ field: 'minPlayers', message: `minPlayers (${min}) is greater than maxPlayers (${max})` });
    return out;
  }
  content.pricingTiers.forEach((t, i) => {
    const field = `pricingTiers[${i}]`;
    if (t.minPlayers > t.maxPlayers) out.push({ field, message: `tier "${t.id}": minPlayers is greater than maxPlayers` });
    else if (t.minPlayers < min || t.maxPlayers > max) {
      out.push({ field, message: `tier "${t.id}" (${t.minPlayers}-${t.maxPlayers} players) is outside the storyline's ${min}-${max} players` });
    }
    if (t.characterLimit < t.maxPlayers) out.push({ field, message: `tier "${t.id}" unlocks ${t.characterLimit} characters for up to ${t.maxPlayers} players` });
    if (t.characterLimit > max) out.push({ field, message: `tier "${t.id}" unlocks ${t.characterLimit} characters, more than the storyline's ${max} players` });
  });
  const uncovered: number[] = [];
  const twice: number[] = [];
  for (let n = min; n <= max; n++) {
    const tiers = content.pricingTiers.filter((t) => t.minPlayers <= n && n <= t.maxPlayers).length;
    if (tiers === 0) uncovered.push(n);
    if (tiers > 1) twice.push(n);
  }
  if (uncovered.length > 0) out.push({ field: 'pricingTiers', message: `no tier sells a game of ${spans(uncovered)} players`, gap: true });
  if (twice.length > 0) out.push({ field: 'pricingTiers', message: `tiers overlap at ${spans(twice)} players` });
  return out;
}

/** The number of days: 2 to 6, numbered 1..N in order. A draft may declare none yet. */
export function dayProblems(content: TStorylineContent): RangeProblem[] {
  const n = content.days.length;
  if (n === 0 && content.status === 'coming_soon') return [];
  const out: RangeProblem[] = [];
  if (n < MIN_DAYS || n > MAX_DAYS) out.push({ field: 'days', message: `a storyline has ${MIN_DAYS} to ${MAX_DAYS} days, this one ${n}` });
  content.days.forEach((d, i) => {
    if (d.day !== i + 1) out.push({ field: `days[${i}].day`, message: `days are numbered 1 to ${n} in order: expected ${i + 1}, found ${d.day}` });
  });
  return out;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const NUMBER = `(\\d+|${NUMBER_WORDS.join('|')})`;
const toNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : NUMBER_WORDS.indexOf(s.toLowerCase()));
/** "For 6 to 20 players", "for 6-20 players". */
const PLAYER_RANGE = new RegExp(`\\bfor ${NUMBER}\\s*(?:to|-|–)\\s*${NUMBER} players\\b`, 'i');
/** "Eleven people are trapped": the story has that many people, so no more players than that. */
const PEOPLE = new RegExp(`\\b${NUMBER} (?:people|guests|suspects|characters|souls|strangers)\\b`, 'i');
/** "Over four days of inquiry". */
const DAYS = new RegExp(`\\b${NUMBER} days\\b`, 'i');

/** What the public summary says about players, people and days, against the storyline's range and days. */
export function summaryProblems(content: TStorylineContent): RangeProblem[] {
  const out: RangeProblem[] = [];
  const field = 'summary';
  const range = PLAYER_RANGE.exec(content.summary);
  if (range) {
    const [a, b] = [toNumber(range[1]!), toNumber(range[2]!)];
    if (a !== content.minPlayers || b !== content.maxPlayers) {
      out.push({ field, message: `the summary says "${range[0]}", the storyline is for ${content.minPlayers} to ${content.maxPlayers} players` });
    }
  }
  const people = PEOPLE.exec(content.summary);
  if (people) {
    const n = toNumber(people[1]!);
    if (n < content.maxPlayers) out.push({ field, message: `the summary names ${people[0]}, but the storyline seats up to ${content.maxPlayers} players` });
    if (n < content.minPlayers) out.push({ field, message: `the summary names ${people[0]}, fewer than the storyline's ${content.minPlayers} players` });
  }
  const days = DAYS.exec(content.summary);
  if (days && content.days.length > 0 && toNumber(days[1]!) !== content.days.length) {
    out.push({ field, message: `the summary says "${days[0]}", the storyline has ${content.days.length} days` });
  }
  return out;
}

/**
 * What keeps a coming-soon storyline off sale: a tier outside its range or overlapping another, or a summary
 * that promises other numbers. Counts no tier sells yet only leave those counts unsold.
 */
export function saleProblems(content: TStorylineContent): RangeProblem[] {
  return [...rangeProblems(content).filter((p) => !p.gap), ...summaryProblems(content)];
}

/** 4, 5, 6, 9 -> "4-6, 9". */
function spans(ns: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ns.length; ) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++;
    parts.push(i === j ? String(ns[i]) : `${ns[i]}-${ns[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
