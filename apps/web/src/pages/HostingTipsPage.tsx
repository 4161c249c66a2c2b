import { CalendarCheck, Lightbulb, ListOrdered, PartyPopper } from 'lucide-react';
import { ButtonLink } from '../components/ui';
import { Page, PageHeader } from '../components/Page';
import { Section } from '../components/Prose';

const flow = [
  ['Lobby', 'Share the room code or QR code; players join with a name, no account needed.'],
  ['Assign characters', 'Give every player (yourself included) a character, then start the game.'],
  ['Character homepage', 'Everyone reads who they are. The press-conference reader opens the case aloud.'],
  ['Day one', 'Relationships and motives. 15-25 minutes of mingling.'],
  ['Day two', 'Motives sharpen; memory flashes begin.'],
  ['Day three', 'The means: who could have done it, and with what.'],
  ['Day four', 'Opportunity and the timeline. Final locations.'],
  ['Suspect vote', 'Each voter picks exactly 3 suspects; the top 3 lose their final vote and are searched.'],
  ['Defences', 'Each top suspect may speak for 2 minutes, uninterrupted.'],
  ['Final vote', 'Voters name the killer. Then the reveal, the killer’s story and the full voting breakdown.'],
] as const;

export default function HostingTipsPage() {
  return (
    <Page>
      <PageHeader
        title="Hosting Tips"
        subtitle="You run the evening and you play too. Here is how to make it a great one."
        back={{ to: '/host/dashboard', label: 'Back to Dashboard' }}
      />
      <div className="flex flex-col gap-4">
        <Section icon={CalendarCheck} title="Before the game" id="before">
          <ul>
            <li>Pick a storyline that fits your group size and allow 1-3 hours, with a break after day two.</li>
            <li>
              Create the game from your dashboard a little early. Use testing mode for a dry run on your own: it shows
              the daily suspect tracker and asks for feedback.
            </li>
            <li>
              Make sure everyone’s phone is charged and on the Wi-Fi. Put the room code or QR code on a TV or a
              laptop so people can join as they arrive.
            </li>
            <li>
              Tell guests the one hard rule up front: never show your screen to anyone. Dressing up in 1986 village
              fashion is optional but encouraged.
            </li>
            <li>Assign characters once everyone has joined, including one for yourself: the host plays and doesn’t know the killer either.</li>
          </ul>
        </Section>

        <Section icon={PartyPopper} title="During the game" id="during">
          <ul>
            <li>Give each day 15-25 minutes. Announce when a new day opens so everyone reads at the same time.</li>
            <li>Let the press-conference reader read their script aloud at the start; it sets the scene for everyone.</li>
            <li>Keep groups mixing: if a corner goes quiet, send someone over with a question from their clues.</li>
            <li>Name an in-game leader if you would rather play than chair the room.</li>
            <li>Before the suspect vote, remind players they must pick exactly three suspects.</li>
            <li>During defences, time each suspect: two minutes, no interruptions.</li>
          </ul>
        </Section>

        <Section icon={Lightbulb} title="Pro tips" id="pro">
          <ul>
            <li>Dim the lights and put on some 1980s music: the dark screens are made for a dim room.</li>
            <li>Seat the Detective near the middle: they need to hear the lies to punish them.</li>
            <li>If a phone drops out, the player can reopen the game and pick up where everyone is; use Rejoin Game with the room code and their name.</li>
            <li>Save the killer’s story for the very end and read it aloud. It’s the best moment of the night.</li>
          </ul>
        </Section>

        <Section icon={ListOrdered} title="Game flow reference" id="flow">
          <ol>
            {flow.map(([step, text]) => (
              <li key={step}>
                <strong>{step}.</strong> {text}
              </li>
            ))}
          </ol>
        </Section>

        <ButtonLink to="/host/dashboard" size="lg" block className="mt-2">
          Go to My Dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}
