# Nothing hidden shows. Each check draws a frame and reads it back: the text
# of every glyph and every card face drawn, in every panel, tooltip and
# popup. In a live game with the bots' hands hidden and in the single-seat
# view, neither may name a card the seats shown never saw (dealt or drawn
# to another seat, and not yet discarded, declared or exposed).
window 1600 1000
# A live game: a human (P1) against two bots, whose hands stay hidden in
# the table, the event list, the explanation and the previews.
only table timeline explain play
play sackson 3 7 human greedy random
table game
expect no-hidden-cards
# The check's own test: the bots' hands shown, it finds their cards.
show-bot-hands true
expect hidden-cards-found 1
show-bot-hands false
expect no-hidden-cards
play-first-legal
expect no-hidden-cards
play-first-legal
expect no-hidden-cards
# The single-seat view of a bot shows no more of it.
seat-view 2
expect no-hidden-cards
seat-view 0
# The unfinished game as a replay: every hand shows (the check finds P2's
# and P3's cards), until the single-seat view hides all but one.
save-as game $SHOTS/hidden-cards-game.json
open-replay $SHOTS/hidden-cards-game.json
only table timeline explain diff
key end
expect hidden-cards-found 1
seat-view 1
expect no-hidden-cards
# The deal's rows in the event list, the explanation of one.
seek 3
select-event 2
expect no-hidden-cards
# The diff of A and B: B stopped at the first divergence (so B's game shows
# no card A's does not), then a bot playing on under B.
diff book1881 stop
frames 2
expect no-hidden-cards
seat-view 0
expect hidden-cards-found 2
seat-view 2
expect no-hidden-cards
diff book1881 bot:greedy
frames 2
expect no-hidden-cards
