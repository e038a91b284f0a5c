# The layout fits the window (issue 14, problem 4): at each size the panels
# are tiled from the window's size, every panel lies on screen below the
# menu bar, and the items reported cut off at 1280x720 (the marriage and
# zetema piles, "Run diff", the explanation) are wholly visible; the charts
# too. The screenshots of every panel at both sizes are docs/images/*-1280x720.png
# and *-2560x1440.png (docs/images/regenerate.sh).
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
seek 150
diff book1881 bot:greedy
window 1280 720
expect display 1280 720
expect panels-tiled
expect-fits tableau marriage-pile zetema-piles run-diff diff-chart explanation tick-strip
screenshot $SHOTS/layout-1280x720.png
check-screenshot $SHOTS/layout-1280x720.png 1280 720
window 1600 1000
expect panels-tiled
expect-fits tableau marriage-pile zetema-piles run-diff diff-chart explanation tick-strip
window 2560 1440
expect display 2560 1440
expect panels-tiled
expect-fits tableau marriage-pile zetema-piles run-diff diff-chart explanation tick-strip
screenshot $SHOTS/layout-2560x1440.png
check-screenshot $SHOTS/layout-2560x1440.png 2560 1440
# A larger text size: still nothing cut off; back to the default.
text-size +6
expect font-size 22
expect-fits tableau marriage-pile zetema-piles run-diff diff-chart explanation tick-strip
text-size 0
expect font-size 16
# The Lab is laid out in the right column, in front of the editor and diff.
# Its metrics table's last column ("B - A (paired)") ends inside the panel
# without scrolling sideways (it was cut at the right edge at both sizes).
panel lab open
lab-run sackson book1881 2 60 greedy
expect-fits lab-table lab-diff-header lab-diff-cell lab-win-chart
screenshot $SHOTS/lab-2560x1440.png
window 1600 1000
expect-fits lab-table lab-diff-header lab-diff-cell lab-win-chart
window 1280 720
expect panels-tiled
expect-fits lab-table lab-diff-header lab-diff-cell lab-win-chart
screenshot $SHOTS/lab-1280x720.png
panel lab close
# Play, in the editor's place, and the file browser, at both sizes.
play sackson 3 7 human greedy greedy
panel play open
expect panels-tiled
expect-fits
screenshot $SHOTS/play-1280x720.png
window 2560 1440
expect-fits
screenshot $SHOTS/play-2560x1440.png
panel play close
table replay
files open
screenshot $SHOTS/files-2560x1440.png
window 1280 720
screenshot $SHOTS/files-1280x720.png
panel files close
# View > Reset layout after the window changed: still tiled, still fits.
reset-layout
expect panels-tiled
expect layout-arranged false
