-- House rule: "the feeder pays" -- whoever discarded the fourth card of a
-- pile (and so fed the zetema) pays 5 points to the player who turned it.
-- A player who fed his own zetema, or his partner's, pays nothing.
--
-- Sackson's rules otherwise. The debts of a hand are settled when it ends,
-- one award a player (what he was paid less what he paid); a game that
-- ends at the target in the middle of a hand (D16) ends before settling.

local FEE = 5

return {
  id = "feeder_pays",
  name = "The feeder pays (Sackson with points moving between sides)",
  source = "house rules (no historical source)",
  follows = "our table's custom, on top of sources/sackson.txt",
  extends = "sackson",

  -- House rule (no historical source), on Sackson's zetema: each zetema of
  -- the hand's history names its feeder (`fed_by`); 5 points go from the
  -- feeder's side to the maker's.
  score_hand_end = function(state)
    local net = {}
    for _, entry in ipairs(state:history()) do
      if entry.what == "zetema" and state:side_of(entry.fed_by) ~= entry.side then
        net[entry.player] = (net[entry.player] or 0) + FEE
        net[entry.fed_by] = (net[entry.fed_by] or 0) - FEE
      end
    end
    local awards = {}
    for p = 1, state.players do
      if (net[p] or 0) ~= 0 then
        awards[#awards + 1] = { player = p, points = net[p], reason = "zetema feeding settled" }
      end
    end
    return awards
  end,
}
