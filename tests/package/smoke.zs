# The installed studio (the package test, .ci/package-test): the sample
# replay it opens at start and the variants it edits come from the data
# installed beside it, with no checkout in reach.
window 1280 800
expect events 284
expect variant sackson
expect position 0
seek 120
expect position 120
open-variant house_example
expect editor-ok
screenshot $SHOTS/installed.png
check-screenshot $SHOTS/installed.png 1280 800
quit
