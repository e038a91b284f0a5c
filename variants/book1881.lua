-- Zetema as played in 1881, with the commercial Zetema pack.
--
-- Follows sources/book-1881.txt, the Zetema chapter of an 1881 book of
-- indoor amusements. It calls zetemas "tricks" and the jack the "Knave".
-- Where it is silent, the default of docs/decisions.md is used and the
-- comment names the decision (D1-D24).

return {
  id = "book1881",
  name = "Victorian rules (1881 book)",
  source = "sources/book-1881.txt",
  follows = "the 1881 book of indoor amusements, Zetema chapter",

  -- book-1881.txt: "it is immaterial which suit is chosen to be duplicated;
  -- all that is necessary is that before beginning to play the double suit
  -- should be declared" -- spades unless named otherwise (D20).
  imperial_suit = "S",

  -- book-1881.txt: "When not more than four are playing, the dealer
  -- distributes six cards"; "When there are more than four players, five".
  hand_size = { [2] = 6, [3] = 6, [4] = 6, [5] = 5, [6] = 5 },

  -- book-1881.txt: "every player should always have six cards in his hand.
  -- After playing one ... he must take up a card ... at once" (D1).
  draw_mode = "play_then_draw",

  -- book-1881.txt: with five-card hands "the flushes and sequences being, of
  -- course, smaller" (D6).
  short_hand_melds = "shorten",

  -- book-1881.txt, table of scores: a flush 30, a sequence 30; there is no
  -- flush-sequence category, so a one-suit run scores 30 once (D4).
  points = { sequence = 30, flush = 30, flush_sequence = false },

  -- book-1881.txt: "The ace may be counted either as one or as best card,
  -- whichever will be most advantageous" -- low or high, never round the
  -- corner (D3).
  ace_high_in_sequence = true,
  wraparound = false,

  -- book-1881.txt: a flush "which must not be the duplicate suit"; "flushes
  -- of the duplicated suits do not count" (D5).
  imperial_flush_allowed = false,

  -- book-1881.txt, table of scores: Kings 100, Queens 100, Knaves 90, Aces
  -- 80, Fives 80, any others 60.
  assembly_points = { K = 100, Q = 100, J = 90, A = 80, ["5"] = 80, other = 60 },

  -- book-1881.txt, tricks: king or queen 50, knave 20, ace 15, five 15, all
  -- other tricks 5.
  zetema_points = { K = 50, Q = 50, J = 20, A = 15, ["5"] = 15, other = 5 },

  -- book-1881.txt, table of scores: one marriage 10, two 30, three 60, four
  -- 100, five 150 (without the imperial marriage).
  marriage_base = { 10, 30, 60, 100, 150 },

  -- book-1881.txt: imperial marriage 20; two 30/40/50, three 60/70/80, four
  -- 100/110/120 (none/imperial/both duplicated) -- exactly +10 for the second
  -- imperial marriage and +20 for both at once (D7).
  imperial_bonus = "second10_both20",

  -- book-1881.txt pairs one card played with its partner later: each
  -- marriage takes its own card from hand, at most its partner from the
  -- table (D8).
  marriage_hand_card = "per_marriage",

  -- book-1881.txt: a marriage "is secured to any one who plays a king and
  -- queen"; it is the turn's play, and the hand is drawn back up (D9).
  marriage_mode = "instead_of_play",

  -- book-1881.txt is silent on the card played after a declaration: any
  -- card may be played (D12).
  discard_from_meld = false,

  -- book-1881.txt: "after counting a sequence, and also after counting a
  -- flush, four of the same cards may be employed in making another" (D11).
  reuse_limit = 4,

  -- book-1881.txt is silent; one declaration a turn, as in the other
  -- texts (D19).
  max_declarations_per_turn = 1,

  -- book-1881.txt: the last cards bring "the making of the rest of the
  -- marriages and tricks" (D13).
  declare_after_stock_empty = true,

  -- book-1881.txt: "It is only possible to make a king or queen trick when
  -- an assembly of one of them has been declared" (D10).
  kq_zetema_requires_assembly = true,

  -- book-1881.txt has no forced re-play after a trick (D15).
  two_player_chain = false,

  -- book-1881.txt names no target; the last cards are "the end of the
  -- game": one deal, the highest total wins, ties stand (D16).
  target = false,
  end_at_target = "immediate",
  game_length = "one_deal",

  -- book-1881.txt: "When four or more persons play at Zetema they must
  -- arrange themselves in couples, as at Whist, and sit opposite" --
  -- compulsory pairs at 4 and 6; five play individually (D17).
  partnerships = { [4] = "pairs", [6] = "pairs" },
  partnerships_compulsory = true,
  teams_of_three_allowed = false,

  -- book-1881.txt, "Penalties for playing out of turn or accidentally
  -- exposing a card" (D18).
  penalties_1881 = true,

  -- book-1881.txt is silent on seating; common practice (D2).
  first_dealer = "high_card_draw",
  first_player = "dealer_left",
  direction = "clockwise",
  deal_rotation = "clockwise",
}
