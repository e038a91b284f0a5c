# Issue 14, problem 6 and "take command": play by selecting cards, a log of
# every move (the bots' too), the replay panels following the game; take
# command of a replay at an event under its rules, another variant, and
# the rules of a hot reload; each game saved as a replay that verifies.
window 1600 1000
only play table timeline explain
# Seed 7 deals the human (P1) a legal declaration at once (play.zs); the two
# bots, dealt to play first, made 2 moves before it.
play sackson 3 7 human greedy random
expect following-game true
expect moves 2
# P1's turn began without an event (no card to draw): the Table and the
# Timeline both say turn 3 (the Timeline said 2, the last event's turn).
expect-turns-agree
# The Table's "Replay" view at the game's last event shows the game as it
# stands too (it said turn 2, P3 to play: the table of P3's discard).
table replay
expect-turns-agree
table game
# KC (card 1) marries the table's QC: a click on it offers its discard and
# the marriage.
select-card 1
expect selected 1
expect offer-declarations-at-least 1
screenshot $SHOTS/play-cards.png
check-screenshot $SHOTS/play-cards.png 1600 1000
select-card 1
expect selected 0
select-card 0
discard-selected
expect selected 0
expect human-moves 1
expect moves 5
expect last-move random
expect-turns-agree
# The timeline and the explanation show this game, not another replay.
expect events-at-least 10
expect diff-of none

# Take command of a replay at event 57's position, every seat human: the
# game is the replay's table there, and its own replay verifies.
open-replay replays/samples/sackson-3p-greedy-vs-random.json
expect following-game false
seek 58
play-from-here - $SHOTS/taken-over.json human human human
expect following-game true
expect position 58
expect play-events 58
expect verifies game
select-card 0
discard-selected
expect human-moves 1
expect verifies $SHOTS/taken-over.json

# Against bots, under another variant.
open-replay replays/samples/sackson-3p-greedy-vs-random.json
seek 58
play-from-here parlett - human greedy greedy
expect game-variant parlett
expect verifies game

# After a hot reload (marriages worth 50), continue under the new rules.
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
seek 100
edit-replace marriage_base = { 10, => marriage_base = { 50,
save-variant
expect status-contains position 100 kept
play-from-here - - human random random
expect verifies game
seat-view 1
only play table timeline explain
screenshot $SHOTS/take-command.png
check-screenshot $SHOTS/take-command.png 1600 1000
