# The editor you can trust (issue 14, problems 5 and 8), through the studio's
# own commands: the prompt before edits are lost, outside changes, revert to
# the last good version, file:line links, the quoted source words.
window 1600 1000
open-replay replays/samples/sackson-3p-greedy-vs-random.json
open-variant sackson
# An explanation quotes the rule's source words from the variant file.
seek 0
next-score
expect quote-contains sackson.txt
# Unsaved edits: closing asks; Cancel keeps the window and the text.
edit-append -- typed here
# The file's path and "(modified)" fit the panel, or its name does (a long
# path scrolled the whole panel sideways, cutting off its left edge).
window 1280 720
expect-fits editor-path
window 1600 1000
close-window
expect prompt close the studio
screenshot $SHOTS/editor-prompt.png
check-screenshot $SHOTS/editor-prompt.png 1600 1000
answer cancel
expect prompt none
expect quit false
expect editor-contains -- typed here
# Opening another variant asks too; Cancel keeps this one.
open-location book1881.lua:20
expect prompt book1881.lua:20
answer cancel
expect editor-file sackson.lua
# A link into the edited file goes there at once, the widget's cursor too.
open-location sackson.lua:31
expect prompt none
await 5 editor-cursor-line 31
screenshot $SHOTS/editor-goto.png
# Another program changes the file: the edits stay, Save refuses.
disk-replace sequence = 10, => sequence = 12,
frames 2
expect outside-change true
expect editor-contains -- typed here
save-variant
expect status-contains changed on disk
expect editor-dirty true
# Reload the text from disk: it discards the edits, so it asks first.
reload-text
expect prompt reload the text from disk
answer discard
expect editor-contains sequence = 12,
expect editor-lacks -- typed here
expect outside-change false
# Without edits, an outside change is followed at once.
disk-replace sequence = 12, => sequence = 13,
frames 2
expect editor-contains sequence = 13,
expect editor-dirty false
# A broken save keeps the last good rules; Revert returns to that text,
# not to the broken file on disk.
edit-replace sequence = 13, => sequence = = 13,
save-variant
expect editor-error-line 31
revert
expect editor-contains sequence = 13,
expect editor-dirty true
save-variant
expect editor-ok
# Nothing unsaved: the window closes at once.
close-window
expect quit true
