import { BadgeCheck, Crown, Eye, Gavel, ScrollText, ShieldAlert, Users } from 'lucide-react';
import { Badge, ButtonLink } from '../components/ui';
import { Page, PageHeader } from '../components/Page';
import { Section } from '../components/Prose';

export default function HowToPlayPage() {
  return (
    <Page>
      <PageHeader title="How to Play" subtitle="Everything you need before the first body is found." back={{ to: '/', label: 'Home' }} />
      <div className="flex flex-col gap-4">
        <Section icon={ScrollText} title="The idea" id="intro">
          <p>
            Seekers &amp; Shadows is a murder mystery you play together in one room, each on your own phone. Everyone,
            the host included, gets a character with a story, secrets and clues that the others need. Nobody knows who
            the killer is, and that means you too: even the killer’s player only learns it from their own character.
          </p>
          <p>
            Talk, trade information, question each other and watch for lies. A game takes 1-3 hours, for 4 to 20
            players.
          </p>
        </Section>

        <Section icon={Users} title="Seekers versus Shadows" id="teams">
          <p>Every player is secretly on one of two teams:</p>
          <ul>
            <li>
              <Badge variant="seeker">Seeker</Badge> <strong>Seekers</strong> find the killer and convict them in the
              final vote. Share what you know and catch the liars.
            </li>
            <li>
              <Badge variant="shadow">Shadow</Badge> <strong>Shadows</strong> protect the killer and try to get an
              innocent Seeker convicted instead. Mislead, but carefully: a lie that contradicts the evidence can cost
              you your vote.
            </li>
          </ul>
          <p>
            One character is the <strong>Detective</strong>, always a Seeker. The Detective can take away the vote of a
            player caught lying against the evidence.
          </p>
        </Section>

        <Section icon={Eye} title="The three phases" id="phases">
          <ol>
            <li>
              <strong>Investigation (four story days).</strong> Each day, dated in the storyline’s own calendar, your
              phone shows new story text, maps, evidence photos and your character’s memories. Read your day, then
              mingle: ask questions, compare clues, decide whom to trust.
            </li>
            <li>
              <strong>Suspect vote.</strong> After day four every player with a vote picks exactly 3 suspects. The top 3
              become the prime suspects: they lose their final vote, their homes are searched (search warrant) and
              each may give an optional 2-minute defence.
            </li>
            <li>
              <strong>Final vote.</strong> Everyone who still has a vote names the killer. Convict the killer and the
              Seekers win; convict an innocent and the Shadows win.
            </li>
          </ol>
        </Section>

        <Section icon={Crown} title="An in-game leader" id="leader">
          <p>
            The host can name an in-game leader: a player who keeps the conversation moving, calls the room together
            when a new day starts and makes sure every suspect gets their two minutes. The leader plays as normal and
            has no extra vote.
          </p>
        </Section>

        <Section icon={ShieldAlert} title="Consequences" id="consequences">
          <ul>
            <li>
              <strong>Never show your phone</strong> to another player. Read clues aloud or describe them: showing the
              screen loses your vote.
            </li>
            <li>
              <strong>Caught lying</strong> against the evidence? The Detective may remove your vote.
            </li>
            <li>
              <strong>Top 3 suspects</strong> lose their final vote but can still talk, defend themselves and help.
            </li>
            <li>Players without a vote still watch the outcome and the final reveal.</li>
          </ul>
        </Section>

        <Section icon={Gavel} title="Winning" id="winning">
          <p>
            When the final votes are in, the accused is revealed. If it is the killer, <strong>the Seekers have won</strong>.
            If the accused is innocent, <strong>the Shadows have won</strong>. Then the killer’s own story is read, and
            everyone can see how the votes went.
          </p>
        </Section>

        <Section icon={BadgeCheck} title="100% money-back guarantee" id="guarantee">
          <p>
            If your group doesn’t enjoy the mystery, tell us and we refund the storyline in full. No forms, no
            quibbles.
          </p>
        </Section>

        <ButtonLink to="/" size="lg" block className="mt-2">
          See Storylines
        </ButtonLink>
      </div>
    </Page>
  );
}
