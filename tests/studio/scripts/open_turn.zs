# The open turn in the studio: a Parlett replay (D26: the refill after a
# marriage, with no discard) stepped and explained, then diffed under
# Sackson's rules; play mode with a house rule's own kind.
window 1600 1000
open-replay replays/samples/parlett-3p-refill-after-marriage.json
expect variant parlett
# Event 12: P1 declares marriages QS KS' (+20, the hook's reason shown);
# event 13 is P1's refill, and the turn passes with no discard.
seek 14
expect position 14
select-event 12
expect selected-event 12
screenshot $SHOTS/parlett.png
check-screenshot $SHOTS/parlett.png 1600 1000
# The same game under Sackson's rules: the first turn's draw differs.
diff sackson bot:greedy
expect divergences-at-least 1
expect status-contains first divergence at A event
diff-jump
screenshot $SHOTS/parlett-diff.png
check-screenshot $SHOTS/parlett-diff.png 1600 1000
# Play mode under a house rule with a new kind: seed 10 deals the human
# 7D and 7S', and the pair is offered first among the legal actions.
panel play focus
play variants/examples/pair_of_sevens.lua 2 10 human greedy
expect human-to-move true
screenshot $SHOTS/pair-of-sevens-play.png
check-screenshot $SHOTS/pair-of-sevens-play.png 1600 1000
play-first-legal
expect human-to-move true
expect play-score 1 15
