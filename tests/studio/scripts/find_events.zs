# Finding events: the event list searched, filtered and sorted, the score
# jumps over the scores it keeps (the timeline's "score >", N, Shift+N),
# D to the diff's divergence, the timeline's legend of score kinds.
window 1280 720
open-replay replays/samples/sackson-3p-greedy-vs-random.json
expect events 284
expect strip-kinds flush,marriages,zetema
expect event-rows 284
# From the start, one jump to the first zetema (93), the next (101), back.
filter-events kind=zetema
expect event-rows 22
expect event-rows-drawn 93,101
next-score
expect selected-event 93
find-key n
expect selected-event 101
find-key shift+n
expect selected-event 93
# Sorted by points, nothing selected: the list from its top.
seek 0
filter-events clear scores=on sort=points
expect event-rows 34
expect event-rows-first 227,48,63
expect event-rows-drawn 227,48,63
filter-events clear min=30
expect event-rows 7
filter-events clear player=2 kind=discard
expect event-rows 44
filter-events clear text=P1 DISCARDS
expect event-rows 45
# One seat's view: a search finds no card that seat did not see.
seat-view 1
filter-events clear player=2
expect no-hidden-cards
seat-view 0
filter-events clear
expect event-rows 284
# D: the diff's divergence.
diff book1881
seek 0
find-key d
expect selected-event 19
# Ctrl+F: the search field has the keys; N types there, it does not jump.
seek 0
find-key ctrl+f
expect search-focused true
find-key n
expect position 0
find-key escape
expect search-focused false
find-key n
expect selected-event 18
# The picture in docs/studio.md: the zetemas, most points first, the
# Filter popup open, the second largest selected.
window 1600 1000
filter-events clear kind=zetema sort=points popup
select-event 112
expect event-rows-drawn 116,112,118,244
screenshot $SHOTS/find-events.png
