import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, CardContent } from '../../components/ui';
import { Page, PageHeader } from '../../components/Page';
import { actAsPlayer } from './actAsPlayer';
import { SeatIdFields } from './SeatIdFields';

/** Test page: open a player's character homepage from a game id and a player id. */
export default function TestCharacterPage() {
  const [gameId, setGameId] = useState('');
  const [playerId, setPlayerId] = useState('');
  const navigate = useNavigate();

  async function open(e: FormEvent) {
    e.preventDefault();
    if (!gameId || !playerId) return;
    try {
      // Act as that player (the host or an admin may); a failure is only logged.
      await actAsPlayer(gameId, playerId);
    } catch (err) {
      console.error('player-token failed', err);
    }
    navigate(`/play/${gameId}/homepage`);
  }

  return (
    <Page>
      <PageHeader title="Test Character" back={{ to: '/', label: 'Home' }} />
      <Card>
        <CardContent className="pt-5">
          <form onSubmit={open} className="flex flex-col gap-4">
            <SeatIdFields gameId={gameId} onGameId={setGameId} playerId={playerId} onPlayerId={setPlayerId} playerLabel="Player ID" />
            <Button type="submit" size="lg" disabled={!gameId || !playerId}>
              Open Character Homepage
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}
