import type { TGameEvent } from './events.js';
import type { TGameState, TLivePlayer } from './state.js';

const mapPlayers = (s: TGameState, f: (p: TLivePlayer) => TLivePlayer): TLivePlayer[] => s.players.map(f);

/**
 * Folds one event into the state. Pure and total: it never refuses (decide.ts already did), never reads the
 * clock and never needs the storyline, so a replay of the log gives exactly the state the writer had.
 * The version becomes the event's sequence number (`seq`), or the next number when none is given.
 */
export function evolve(s: TGameState, ev: TGameEvent, seq = s.version + 1): TGameState {
  const next = apply(s, ev);
  return { ...next, version: seq };
}

function apply(s: TGameState, ev: TGameEvent): TGameState {
  switch (ev.type) {
    case 'game_created':
      return {
        version: 0,
        game: ev.game,
        players: [ev.host],
        suspectVoting: { voterIds: [], ballots: {}, tally: {}, topSuspects: null },
        finalVoting: { voterIds: [], votes: {}, tally: {} },
        defence: null,
        results: null,
      };
    case 'player_joined':
      return { ...s, players: [...s.players, ev.player] };
    case 'player_removed':
      return {
        ...s,
        players: s.players.filter((p) => p.id !== ev.playerId),
        game: {
          ...s.game,
          leaderPlayerId: s.game.leaderPlayerId === ev.playerId ? null : s.game.leaderPlayerId,
          ...(s.game.coHostPlayerId === ev.playerId ? { coHostPlayerId: null } : {}),
          ...(s.game.actingHostPlayerId === ev.playerId ? { actingHostPlayerId: null } : {}),
        },
      };
    case 'character_assigned':
      return { ...s, players: mapPlayers(s, (p) => (p.id === ev.playerId ? { ...p, characterId: ev.characterId } : p)) };
    case 'character_unassigned':
      return { ...s, players: mapPlayers(s, (p) => (p.id === ev.playerId ? { ...p, characterId: null } : p)) };
    case 'game_started':
      return {
        ...s,
        players: mapPlayers(s, (p) => ({ ...p, team: ev.teams[p.id] ?? p.team })),
        game: { ...s.game, status: 'in_progress', currentPhase: 0, startedAt: ev.at, phaseStartedAt: Date.parse(ev.at) },
      };
    case 'phase_changed':
      return { ...s, game: { ...s.game, currentPhase: ev.to, phaseStartedAt: ev.at ?? null } };
    case 'leader_changed':
      return { ...s, game: { ...s.game, leaderPlayerId: ev.playerId } };
    case 'expected_players_set':
      return { ...s, game: { ...s.game, expectedPlayers: ev.expectedPlayers } };
    case 'tv_names_set':
      return { ...s, game: { ...s.game, tvNames: ev.tvNames } };
    case 'feedback_mode_set':
      return { ...s, game: { ...s.game, feedbackMode: ev.enabled } };
    case 'defence_started':
      return { ...s, defence: ev.defence };
    case 'defence_ended':
      return s.defence?.endsAt === ev.endsAt ? { ...s, defence: null } : s;
    case 'vote_removed':
      return {
        ...s,
        players: mapPlayers(s, (p) => (p.id === ev.playerId ? { ...p, voteLost: true, voteLostReason: 'detective' } : p)),
      };
    case 'suspect_ballot_cast': {
      const tally = { ...s.suspectVoting.tally };
      for (const id of ev.suspects) tally[id] = (tally[id] ?? 0) + 1;
      return {
        ...s,
        suspectVoting: {
          ...s.suspectVoting,
          voterIds: [...s.suspectVoting.voterIds, ev.voterId],
          ballots: { ...s.suspectVoting.ballots, [ev.voterId]: ev.suspects },
          tally,
        },
      };
    }
    case 'suspects_revealed': {
      // The top suspects lose their vote for the final vote.
      const top = new Set(ev.topSuspects.map((t) => t.playerId));
      return {
        ...s,
        players: mapPlayers(s, (p) => (top.has(p.id) && !p.voteLost ? { ...p, voteLost: true, voteLostReason: 'top_suspect' } : p)),
        suspectVoting: { ...s.suspectVoting, topSuspects: ev.topSuspects },
      };
    }
    case 'final_vote_cast':
      return {
        ...s,
        finalVoting: {
          voterIds: [...s.finalVoting.voterIds, ev.voterId],
          votes: { ...s.finalVoting.votes, [ev.voterId]: ev.suspectId },
          tally: { ...s.finalVoting.tally, [ev.suspectId]: (s.finalVoting.tally[ev.suspectId] ?? 0) + 1 },
        },
      };
    case 'daily_vote_cast': {
      const v = ev.vote;
      const others = (s.dailyVotes ?? []).filter((x) => !(x.voterId === v.voterId && x.day === v.day));
      return { ...s, dailyVotes: [...others, v] };
    }
    case 'game_completed':
      // The shared reveal starts at its first step (the verdict, no names) the moment the game ends.
      return {
        ...s,
        game: { ...s.game, status: 'completed', completedAt: ev.at },
        defence: null,
        results: ev.results,
        reveal: { step: 0, at: Date.parse(ev.at), by: 'auto' },
      };
    case 'game_deleted':
      return { ...s, game: { ...s.game, deletedAt: ev.at } };
    case 'seat_pin_set':
      return { ...s, seatLocks: { ...s.seatLocks, [ev.playerId]: { pinHash: ev.pinHash, wrongPins: 0 } } };
    case 'seat_pin_failed': {
      const lock = s.seatLocks?.[ev.playerId] ?? { pinHash: null, wrongPins: 0 };
      return { ...s, seatLocks: { ...s.seatLocks, [ev.playerId]: { ...lock, wrongPins: lock.wrongPins + 1 } } };
    }
    case 'rejoin_requested': {
      // A new request replaces the seat's older unanswered one.
      const others = (s.rejoinRequests ?? []).filter((r) => !(r.playerId === ev.request.playerId && r.status === 'pending'));
      return { ...s, rejoinRequests: [...others, ev.request] };
    }
    case 'rejoin_answered':
      return {
        ...s,
        rejoinRequests: (s.rejoinRequests ?? []).map((r) => {
          if (r.requestId !== ev.requestId) return r;
          if (!ev.approved) return { ...r, status: 'denied' as const };
          const seat = s.players.find((p) => p.id === r.playerId);
          return { ...r, status: 'approved' as const, grantedVersion: (seat?.sessionVersion ?? 0) + 1 };
        }),
      };
    case 'rejoin_claimed':
      return { ...s, rejoinRequests: (s.rejoinRequests ?? []).map((r) => (r.requestId === ev.requestId ? { ...r, status: 'claimed' as const } : r)) };
    case 'seat_move_issued':
      return { ...s, seatMoves: [...(s.seatMoves ?? []).filter((m) => m.playerId !== ev.move.playerId), ev.move] };
    case 'seat_moved': {
      const lock = s.seatLocks?.[ev.playerId];
      return {
        ...s,
        players: mapPlayers(s, (p) => (p.id === ev.playerId ? { ...p, sessionVersion: ev.sessionVersion } : p)),
        // A move ends the seat's open requests and codes, and a proven seat starts its PIN count again.
        seatMoves: (s.seatMoves ?? []).filter((m) => m.playerId !== ev.playerId),
        rejoinRequests: (s.rejoinRequests ?? []).filter((r) => !(r.playerId === ev.playerId && r.status === 'pending')),
        seatLocks: lock && ev.via === 'pin' ? { ...s.seatLocks, [ev.playerId]: { ...lock, wrongPins: 0 } } : s.seatLocks,
      };
    }
    case 'co_host_set':
      return { ...s, game: { ...s.game, coHostPlayerId: ev.playerId } };
    case 'reveal_advanced':
      return { ...s, reveal: { step: ev.step, at: ev.at, by: ev.by } };
    case 'late_arrival_watching':
      return { ...s, lateArrivals: [...(s.lateArrivals ?? []), ev.arrival] };
    case 'late_arrival_seated':
      return {
        ...s,
        players: [...s.players, ev.player],
        lateArrivals: (s.lateArrivals ?? []).map((a) => (a.arrivalId === ev.arrivalId ? { ...a, status: 'seated' as const, playerId: ev.player.id } : a)),
      };
    case 'late_seat_claimed':
      return { ...s, lateArrivals: (s.lateArrivals ?? []).map((a) => (a.arrivalId === ev.arrivalId ? { ...a, status: 'claimed' as const } : a)) };
    case 'host_presence_changed':
      // The host back: the host controls go back to the host.
      return ev.online
        ? { ...s, game: { ...s.game, hostAwaySince: null, actingHostPlayerId: null } }
        : { ...s, game: { ...s.game, hostAwaySince: s.game.hostAwaySince ?? ev.at } };
    case 'host_taken_over':
      return { ...s, game: { ...s.game, actingHostPlayerId: ev.playerId } };
    case 'cast_dealt':
      return { ...s, players: mapPlayers(s, (p) => (ev.assignments[p.id] ? { ...p, characterId: ev.assignments[p.id] as string } : p)) };
    case 'hint_pushed':
      return { ...s, hints: [...(s.hints ?? []), ev.hint] };
  }
}

/** Folds a list of events (e.g. the log after a snapshot) into a state. */
export function fold(s: TGameState, events: readonly { seq?: number; event: TGameEvent }[]): TGameState {
  return events.reduce((acc, x) => evolve(acc, x.event, x.seq), s);
}

/** Folds a whole log; its first event must be game_created (which builds the state from nothing). */
export function replay(events: readonly { seq?: number; event: TGameEvent }[]): TGameState {
  const [first, ...rest] = events;
  if (first?.event.type !== 'game_created') throw new Error('A game log starts with game_created');
  const start = evolve(undefined as unknown as TGameState, first.event, first.seq ?? 1);
  return fold(start, rest);
}
