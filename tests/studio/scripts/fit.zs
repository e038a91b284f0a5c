# Fit: at 1280x720, 1600x1000, 1920x1080 and 2560x1440 no text is cut off
# at the side of its window, column or room (read back from the frame
# drawn: `no-clipped-text`) -- the imperial bonus' line of the explanation
# with its file:line ("...sackson.lu" at 1600x1000), the event rows ("+10
# [marriage"), the Lab histograms' labels ("156..turns") --; the cards'
# rank index at least 10 pixels tall and the imperial mark at least 10 (at
# 1280x720 they were about 6 and 4); every card shows its rank and suit, a
# pile's covered cards too (they showed the rank only).
open-replay replays/samples/sackson-2p-double-imperial-marriage.json
open-variant sackson
diff book1881 bot:greedy
# P2's imperial marriage: +50, "marriage_base 30 + imperial bonus 20
# (imperial_bonus @ .../sackson.lua:56)"; the tableau holds piles of two
# and three cards.
select-event 70
window 1280 720
expect display 1280 720
expect no-clipped-text
expect card-index-at-least 10
expect imperial-mark-at-least 10
expect card-indexes-shown 5
expect-fits tableau marriage-pile zetema-piles explanation
screenshot $SHOTS/fit-1280x720.png
window 1600 1000
expect no-clipped-text
expect card-index-at-least 10
expect card-indexes-shown 5
expect-fits tableau marriage-pile zetema-piles explanation
window 1920 1080
expect no-clipped-text
expect card-index-at-least 10
expect card-indexes-shown 5
expect-fits tableau marriage-pile zetema-piles explanation
window 2560 1440
expect display 2560 1440
expect no-clipped-text
expect card-index-at-least 10
expect card-indexes-shown 5
expect-fits tableau marriage-pile zetema-piles explanation
screenshot $SHOTS/fit-2560x1440.png
# A long flush's row ("P2 declares flush 4S 7S QS 4S' 9S' TS': +30
# [points.flush @ ...]") selected: its row wraps; the Diff's rows show
# what fits, then "...".
select-event 17
window 1280 720
expect no-clipped-text
window 1600 1000
expect no-clipped-text
# The Lab's histograms, scrolled into view: their labels whole and clear
# of the unit at the axis' end (a label drawn over it fails too). At
# 1280x720 the histograms are taller than the view: their labels show.
panel lab open
lab-run sackson book1881 2 60 greedy
window 1280 720
scroll-to lab-histograms
expect no-clipped-text
screenshot $SHOTS/fit-lab-1280x720.png
window 1600 1000
scroll-to lab-histograms
expect no-clipped-text
expect-fits lab-turns-chart
window 1920 1080
scroll-to lab-histograms
expect no-clipped-text
expect-fits lab-turns-chart
window 2560 1440
scroll-to lab-histograms
expect no-clipped-text
expect-fits lab-turns-chart
# The Corpus' games: a file's name, the cause and the winners as they fit
# their columns, then "...", the whole on hover.
panel lab close
panel corpus open
corpus-run book1881 bot:greedy replays/samples
expect corpus-games 14
window 1280 720
expect no-clipped-text
window 1600 1000
expect no-clipped-text
window 2560 1440
expect no-clipped-text
# Play, in the editor's place: the autosave's path wraps.
panel corpus close
play sackson 3 7 human greedy greedy
panel play open
window 1280 720
expect no-clipped-text
expect card-index-at-least 10
window 1600 1000
expect no-clipped-text
window 1920 1080
expect no-clipped-text
window 2560 1440
expect no-clipped-text
