import type { TCharacterCard, TContentCharacter, TPublicCharacter } from '@ss/protocol';

/** Public fields only, spelt out one by one so that a new secret field of the content can never leak here. */
export function publicCharacter(c: TContentCharacter): TPublicCharacter {
  return {
    id: c.id,
    name: c.name,
    profession: c.profession,
    imageUrl: c.image.url,
    imageAlt: c.image.alt,
    role: c.role,
    description: c.description,
    gender: c.gender,
    age: c.age,
    height: c.height,
    appearance: c.appearance,
  };
}

/** A card on the host's assignment screen: the public card, whether it is essential, and who holds it. */
export function hostCharacterCard(c: TContentCharacter, essential: boolean, assignedPlayerId: string | null): TCharacterCard {
  return { ...publicCharacter(c), essential, assignedPlayerId };
}
