# The diff view: the replay re-run under book1881, a bot playing on.
window 1600 1000
open-replay replays/samples/sackson-2p-two-player-chain.json
diff book1881 bot:greedy
expect divergences-at-least 1
expect status-contains first divergence at A event
diff-jump
expect position 26
# The rules behind it: one line naming the first, which unfolds into each
# under B and under A (their lines links), drawn whole in the panel.
expect diff-rules draw_mode discard_from_meld flow.turn_start flow.after_declaration
expect-fits diff-rules
unfold-diff-rules
frames 2
expect-fits diff-rule-B0 diff-rule-A0
# The panel's pickers show the diff on screen, whoever ran it (here a script).
frames 2
expect diff-choices book1881 bot:greedy
screenshot $SHOTS/diff.png
check-screenshot $SHOTS/diff.png 1600 1000
diff rules_site stop
expect status-contains no divergence
frames 2
expect diff-choices rules_site stop
# The Lab: a paired comparison run in the studio, charted.
only lab
panel lab focus
lab-run sackson book1881 2 200 greedy
expect lab-deals 200
screenshot $SHOTS/lab.png
check-screenshot $SHOTS/lab.png 1600 1000
# Partners (4 players are two pairs by default): one row and bar per side.
expect lab-sides 0
lab-run sackson book1881 4 40 greedy
expect lab-deals 40
expect lab-sides 2
# A variant's own kind and hook awards: rows of their own, by name.
lab-run sackson variants/examples/pair_of_sevens.lua 3 30 greedy
expect lab-kinds sequence,flush,flush-sequence,assembly,marriages,pair-of-sevens,award,zetema
expect lab-kind-made pair-of-sevens b
expect lab-kind-made award none
screenshot $SHOTS/lab-kinds.png
check-screenshot $SHOTS/lab-kinds.png 1600 1000
lab-run sackson variants/examples/ace_tribute.lua 3 30 greedy
expect lab-kind-made award b
# A result written before the rows by name: the five built-in kinds and zetema.
lab-open tests/lab/legacy/v1-whole.json
expect lab-deals 6
expect lab-kinds sequence,flush,flush-sequence,assembly,marriages,zetema
